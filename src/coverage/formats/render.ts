// One coverage result in any of its formats, by name: what `coverage --format`,
// its report files, and verify's and the proxy's --fail-under write.
import { jsonText } from '../../untrusted/json.js';
import type { GateVerdict } from '../gate.js';
import type { CoverageResult } from '../measure.js';
import { coverageCtrf } from './ctrf.js';
import { coverageHtml } from './html.js';
import { coverageJUnit } from './junit.js';
import { coverageMarkdown } from './markdown.js';
import type { CoverageFormat } from './names.js';
import { coverageText } from './text.js';

export interface RenderContext {
  gate?: GateVerdict | undefined;
  /** When the run began and ended (ms since the epoch), for CTRF. */
  times: { start: number; stop: number };
  /** This package's version, for CTRF's tool. */
  version: string;
}

export function renderCoverage(format: CoverageFormat, result: CoverageResult, context: RenderContext): string {
  const { gate } = context;
  switch (format) {
    case 'text':
      return `${coverageText(result, gate)}\n`;
    case 'markdown':
      return `${coverageMarkdown(result, gate)}\n`;
    case 'html':
      return coverageHtml(result, gate);
    case 'junit':
      return coverageJUnit(result, gate);
    case 'ctrf':
      return coverageCtrf(result, gate, context.times, context.version);
    case 'json':
      return `${jsonText({ ...result, gate: gate ?? null })}\n`;
  }
}

/** The format a report file's name implies: .md, .html, .xml (JUnit), .ctrf.json or .json (CTRF), else text. */
export function formatOfFile(file: string): CoverageFormat {
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  if (/\.html?$/i.test(file)) return 'html';
  if (/\.xml$/i.test(file)) return 'junit';
  if (/\.json$/i.test(file)) return 'ctrf';
  return 'text';
}
