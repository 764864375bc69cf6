// What Spectral and Redocly report, read from their JSON output into one kind
// of finding, and written one a line: where (file:line:column when the tool
// says), the rule, the message. The contract's text reaches a terminal here, so
// every part is escaped (src/untrusted/printable.ts).
import { relative, resolve } from 'node:path';
import { printable } from '../../untrusted/printable.js';

export interface LintFinding {
  file: string;
  /** 1-based, when the tool knows it. */
  line?: number;
  column?: number;
  /** The JSON pointer, when the tool gives no line. */
  pointer?: string;
  /** The tool and its rule: spectral/info-description, redocly/info-license. */
  rule: string;
  message: string;
}

interface SpectralResult {
  code: string | number;
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  source?: string;
  range?: { start: { line: number; character: number } };
}

interface RedoclyProblem {
  ruleId: string;
  message: string;
  location?: { source?: { ref?: string }; pointer?: string; start?: { line: number; col: number } }[];
}

/** The file linted as it was named; another (a split contract's part) relative to the working directory. */
const shown = (source: string, file: string) =>
  resolve(source) === resolve(file) ? file : relative(process.cwd(), resolve(source)) || source;

/** Spectral's errors and warnings (`npm run lint:spec` fails on both); its information and hints are left out. */
export function spectralFindings(json: string, file: string): LintFinding[] {
  const results = JSON.parse(json) as SpectralResult[];
  return results
    .filter((result) => result.severity <= 1)
    .map((result) => ({
      file: shown(result.source ?? file, file),
      ...(result.range ? { line: result.range.start.line + 1, column: result.range.start.character + 1 } : {}),
      rule: `spectral/${result.code}`,
      message: result.message,
    }));
}

/** Redocly's problems: under recommended-strict every one fails the lint. */
export function redoclyFindings(json: string, file: string): LintFinding[] {
  const { problems } = JSON.parse(json) as { problems: RedoclyProblem[] };
  return problems.map((problem) => {
    const [where] = problem.location ?? [];
    return {
      file: shown(where?.source?.ref ?? file, file),
      ...(where?.start ? { line: where.start.line, column: where.start.col } : {}),
      ...(!where?.start && where?.pointer ? { pointer: where.pointer } : {}),
      rule: `redocly/${problem.ruleId}`,
      message: problem.message,
    };
  });
}

/** One line: file:line:column (or file#pointer), the rule, the message; nothing in it can drive a terminal. */
export function findingLine(finding: LintFinding): string {
  const where =
    finding.line === undefined
      ? `${finding.file}${finding.pointer ?? ''}`
      : `${finding.file}:${finding.line}${finding.column === undefined ? '' : `:${finding.column}`}`;
  return [where, finding.rule, finding.message.replace(/\s*\n\s*/g, ' ')].map(printable).join('  ');
}
