// JUnit XML that holds untrusted text (verify's and the proxy's findings, a contract's names): the builder, and
// text as JUnit can hold it.
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { printable } from './printable.js';

// The package is CommonJS whose typings claim an ES default export; require it as it is.
export const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

/**
 * Text as JUnit can hold it, its lines kept: each line printable (XML 1.0 forbids most control characters, and a
 * file printed to a CI log must not command the runner), and `]]>` written `]]\u003e`, since the builder splits only
 * the first one out of a CDATA section.
 */
export const junitText = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => printable(line).replace(/]]>/g, ']]\\u003e'))
    .join('\n');
