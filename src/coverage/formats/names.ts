// The names of coverage's formats: read by the command line without loading the formats themselves.
export const FORMATS = ['text', 'markdown', 'html', 'junit', 'ctrf', 'json'] as const;
export type CoverageFormat = (typeof FORMATS)[number];
