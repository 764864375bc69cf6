// Coverage as Markdown, for $GITHUB_STEP_SUMMARY or a pull request comment; its
// headings are of the level the diff's and verify's summaries use beside it.
// What a contract or a journal brought (a title, an operationId, an upstream's problem type) is shown as code.
import { markdownCode } from '../../untrusted/markdown.js';
import type { GateVerdict } from '../gate.js';
import { KINDS } from '../kinds.js';
import type { CoverageResult } from '../measure.js';
import { faultNote, foreignLine, headline, kindRow, verdictLine } from './lines.js';

export function coverageMarkdown(result: CoverageResult, gate?: GateVerdict): string {
  const out = ['## Contract coverage', '', headline(result, markdownCode), ''];
  const verdict = verdictLine(gate);
  if (verdict) out.push(`**${verdict}**`, '');
  out.push('| kind | exercised | % | gate |', '|---|---|---|---|');
  for (const kind of KINDS) out.push(`| ${kindRow(result, kind, gate).join(' | ')} |`);
  out.push('');
  if (result.missing.length > 0) {
    out.push(`### Never exercised (${result.missing.length}), most important first`, '');
    out.push('| operation | kind | item |', '|---|---|---|');
    for (const item of result.missing)
      out.push(`| ${markdownCode(item.operation)} | ${item.kind} | ${markdownCode(item.label)}${faultNote(item)} |`);
    out.push('');
  }
  if (result.undocumented.length > 0) {
    out.push('### Answered, but not documented by the contract', '');
    for (const { answer, count } of result.undocumented) out.push(`- ${markdownCode(answer)} × ${count}`);
    out.push('');
  }
  const foreign = foreignLine(result);
  if (foreign) out.push(foreign, '');
  return out.join('\n');
}
