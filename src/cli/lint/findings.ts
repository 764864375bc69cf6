// What Spectral and Redocly report on a contract's copy, read from their JSON
// output into one kind of finding, placed by its JSON pointer where it is
// written in the user's files, and written one a line: file:line:column, the
// rule, the message. The contract's text reaches a terminal here, so every
// part is escaped (src/untrusted/printable.ts).
import { joinedLines } from '../../untrusted/joinedLines.js';
import type { SourcePosition } from '../../diff/sourcePositions.js';
import { pointerTo } from '../../contract/pointer.js';
import { printable } from '../../untrusted/printable.js';

/** A contract as the linters see it: its copy, the name it was given, and where a pointer into it is written. */
export interface LintTarget {
  copy: string;
  shown: string;
  place: (pointer: string) => SourcePosition;
}

export interface LintFinding {
  file: string;
  /** 1-based, when the tool knows it. */
  line?: number;
  column?: number;
  /** The tool and its rule: spectral/info-description, redocly/info-license. */
  rule: string;
  message: string;
}

interface SpectralResult {
  code: string | number;
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  path?: (string | number)[];
}

interface RedoclyProblem {
  ruleId: string;
  message: string;
  location?: { pointer?: string }[];
}

/** Where a pointer into the copy is written; the file alone when the tool gave none. */
function placed(target: LintTarget, pointer: string | undefined): Pick<LintFinding, 'file' | 'line' | 'column'> {
  if (pointer === undefined) return { file: target.shown };
  const { file, line, column } = target.place(pointer);
  return { file, line, column };
}

/** Spectral's errors and warnings (`npm run lint:spec` fails on both); its information and hints are left out. */
export function spectralFindings(json: string, target: LintTarget): LintFinding[] {
  const results = JSON.parse(json) as SpectralResult[];
  return results
    .filter((result) => result.severity <= 1)
    .map((result) => ({
      ...placed(target, result.path && pointerTo(...result.path.map(String))),
      rule: `spectral/${result.code}`,
      message: result.message,
    }));
}

/** Redocly's problems: under recommended-strict every one fails the lint. */
export function redoclyFindings(json: string, target: LintTarget): LintFinding[] {
  const { problems } = JSON.parse(json) as { problems: RedoclyProblem[] };
  return problems.map((problem) => ({
    ...placed(target, problem.location?.[0]?.pointer),
    rule: `redocly/${problem.ruleId}`,
    message: problem.message,
  }));
}

/** One line: file:line:column (or file#pointer), the rule, the message; nothing in it can drive a terminal. */
export function findingLine(finding: LintFinding): string {
  const where =
    finding.line === undefined
      ? finding.file
      : `${finding.file}:${finding.line}${finding.column === undefined ? '' : `:${finding.column}`}`;
  return [where, finding.rule, joinedLines(finding.message)].map(printable).join('  ');
}
