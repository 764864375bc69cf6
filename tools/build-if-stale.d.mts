// The types of tools/build-if-stale.mjs, a script npm runs before anything is built.
export declare const STAMP: string;
export declare function staleInput(root: string): string | undefined;
