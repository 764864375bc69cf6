// An OpenAPI document as spec:diff reads it: any object, with the version it may acknowledge a break by.
export type Document = { info?: { version?: string } } & Record<string, unknown>;
