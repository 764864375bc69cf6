// The names of the diff's formats: read by the command line without loading the diff itself.
export const FORMATS = ['text', 'markdown', 'json', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];
