// JUnit XML that holds untrusted text (verify's and the proxy's findings, a contract's names): the builder, and
// text as JUnit can hold it.
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { printable } from './printable.js';

// The package is CommonJS whose typings claim an ES default export; require it as it is.
export const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

/**
 * Text from the traffic as JUnit can hold it: control characters escaped (XML 1.0 forbids most of them), and
 * `]]>` written `]]\u003e`, since the builder splits only the first one out of a CDATA section.
 */
export const junitText = (text: string) =>
  text
    .split('\n')
    .map((line) => printable(line).replace(/]]>/g, ']]\\u003e'))
    .join('\n');
