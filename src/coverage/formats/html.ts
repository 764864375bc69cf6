// Coverage as one HTML page, no script and nothing fetched (its own CSP says
// so): the counts per kind as bars, the gate, and each operation's items.
import { htmlEscape } from '../../untrusted/html.js';
import type { GateVerdict } from '../gate.js';
import { KINDS } from '../kinds.js';
import type { CoverageResult } from '../measure.js';
import { faultNote, foreignLine, headline, kindRow, verdictLine } from './lines.js';

export function coverageHtml(result: CoverageResult, gate?: GateVerdict): string {
  const kinds = KINDS.map((kind) => {
    const [name, counts, percent, threshold] = kindRow(result, kind, gate);
    const value = result.kinds.find((entry) => entry.kind === kind)?.percent ?? 100;
    const failed = threshold?.startsWith('✗') ? ' class="no"' : '';
    return (
      `<tr><th>${htmlEscape(name ?? '')}</th><td>${htmlEscape(counts ?? '')}</td>` +
      `<td><span class="bar"><span style="width:${value}%"></span></span> ${htmlEscape(percent ?? '')}</td>` +
      `<td${failed}>${htmlEscape(threshold ?? '')}</td></tr>`
    );
  }).join('');
  const operations = [...new Set(result.items.map((item) => item.operation))].map((operation) => {
    const rows = result.items
      .filter((item) => item.operation === operation)
      .map(
        (item) =>
          `<tr><td>${item.kind}</td><td>${htmlEscape(item.label)}</td>` +
          (item.count > 0
            ? `<td class="yes">✓ ${item.count}</td>`
            : `<td class="no">✗ never exercised${htmlEscape(faultNote(item))}</td>`) +
          '</tr>',
      )
      .join('');
    const head = '<tr><th>kind</th><th>item</th><th>exercised</th></tr>';
    return `<table><caption>${htmlEscape(operation)}</caption>${head}${rows}</table>`;
  });
  const undocumented = result.undocumented
    .map(({ answer, count }) => `<li><code>${htmlEscape(answer)}</code> × ${count}</li>`)
    .join('');
  const verdict = verdictLine(gate);
  const foreign = foreignLine(result);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Contract coverage: ${htmlEscape(result.contract.title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;max-width:70rem;color:#1d2330}
h1{font-size:1.5rem}table{border-collapse:collapse;margin:1rem 0;width:100%}
caption{text-align:left;font-weight:600;padding:.3rem 0}
th,td{border:1px solid #d5d9e2;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f5f9}
.yes{color:#17703a}.no{color:#b3261e;font-weight:600}.verdict{font-size:1.1rem;font-weight:600}
.bar{display:inline-block;width:10rem;height:.7rem;background:#f1d4d2;vertical-align:middle}
.bar span{display:block;height:100%;background:#2e8b57}
</style></head><body>
<h1>Contract coverage</h1>
<p>${headline(result, htmlEscape)}</p>
${verdict ? `<p class="verdict${gate?.passed ? '' : ' no'}">${htmlEscape(verdict)}</p>` : ''}
<table><tr><th>kind</th><th>exercised</th><th>%</th><th>gate</th></tr>${kinds}</table>
${undocumented ? `<h2>Answered, but not documented by the contract</h2><ul>${undocumented}</ul>` : ''}
${foreign ? `<p>${htmlEscape(foreign)}</p>` : ''}
<h2>Item by item</h2>
${operations.join('\n')}
</body></html>
`;
}
