// Makes docs/images/diff-annotations.png, docs/ci.md's picture of `diff --format github`: a contract edit's
// annotations drawn under the lines they name, as a pull request's files view shows them, in headless Chromium.
// Run it after changing the format: npm run docs:screenshot.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshotPage } from './screenshot.js';

const output = process.argv[2] ?? 'docs/images/diff-annotations.png';
const dir = mkdtempSync(join(tmpdir(), 'diff-annotations-'));
copyFileSync('openapi.yaml', join(dir, 'base.yaml'));
const head = readFileSync('openapi.yaml', 'utf8').replace(/(ChatbotName:\n(?:.*\n)*? {6}maxLength: )200/, '$1100');
writeFileSync(join(dir, 'openapi.yaml'), head);
let annotations = '';
try {
  execFileSync(
    process.execPath,
    [join(process.cwd(), 'dist/bin.cjs'), 'diff', 'base.yaml', 'openapi.yaml', '--format', 'github'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
} catch (error) {
  // Exit 1: the change breaks, as the picture shows.
  annotations = (error as { stdout: string }).stdout;
}
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescape = (text: string) =>
  text.replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
const lines = head.split('\n');
/** The source lines around an annotation, and the annotation under its own line. */
function block(level: string, file: string, at: number, title: string, message: string): string {
  const first = Math.max(0, at - 5);
  const rows = lines.slice(first, at + 2).map((text, index) => {
    const number = first + index + 1;
    const row = `<tr${number === at ? ' class="hit"' : ''}><td class="n">${number}</td><td><pre>${escape(text)}</pre>`;
    if (number !== at) return `${row}</td></tr>`;
    const note = `<b>${escape(unescape(title))}</b><br>${escape(unescape(message))}`;
    return `${row}</td></tr><tr><td></td><td><div class="note ${level}">${note}</div></td></tr>`;
  });
  return `<h2>${escape(unescape(file))}</h2><table>${rows.join('')}</table>`;
}
const blocks = [...annotations.matchAll(/^::(\w+) file=([^,]*),line=(\d+),col=(\d+),title=([^:]*)::(.*)$/gm)].map(
  ([, level = '', file = '', line = '1', , title = '', message = '']) =>
    block(level, file, Number(line), title, message),
);
const STYLE = `body{font:14px system-ui,sans-serif;margin:1.5rem;color:#1f2328}
h2{font-size:14px;background:#f6f8fa;border:1px solid #d0d7de;margin:0;padding:.5rem}
table{border-collapse:collapse;width:100%;border:1px solid #d0d7de;border-top:0}
td{padding:0 .5rem;vertical-align:top}td.n{color:#6e7781;text-align:right;width:3rem;font:12px monospace}
pre{margin:0;font:12px/20px monospace}.hit{background:#fff8c5}
.note{margin:.4rem 0;padding:.6rem;border:1px solid #d0d7de;border-left:4px solid #cf222e;border-radius:6px}
.note{font-size:13px}
.note.warning{border-left-color:#9a6700}.note.notice{border-left-color:#0969da}`;
const page = join(dir, 'page.html');
const verdictLine = escape(annotations.trim().split('\n').at(-1) ?? '');
writeFileSync(
  page,
  `<!doctype html><meta charset="utf-8"><style>${STYLE}</style>` +
    '<p>Annotations of <code>chatbot-api-mock diff --format github</code>, on the lines they name:</p>' +
    `${blocks.join('')}<pre>${verdictLine}</pre>`,
);
await screenshotPage(page, output, { width: 1000, height: 420 });
console.log(`${output}: ${blocks.length} annotations`);
