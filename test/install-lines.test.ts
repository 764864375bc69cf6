// Install lines that work today: until the packages are on the npm registry, no page tells a reader to install
// them from it without saying that this is for once they are published, and every page that installs the main
// package's tarball installs the MSW package's beside it (npm would look for that one on the registry).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const PAGES = [
  'README.md',
  'packages/msw/README.md',
  ...readdirSync(new URL('docs/', root), { recursive: true })
    .map((name) => `docs/${String(name)}`)
    .filter((name) => name.endsWith('.md')),
];
/** `npm install` (or `npm i`, `npm add`) of one of our packages by its name, not a tarball or folder. */
const FROM_REGISTRY =
  /npm (?:install|i|add)\b[^`\n#;&|]*?\s(?:chatbot-api-mock|@chatbot-api-mock\/msw)(?:@\S+)?(?=[\s`]|$)/;

describe('the install lines of the README and docs/', () => {
  it.each(PAGES)('%s: installs from the registry only "once published"', (page) => {
    const paragraphs = readFileSync(new URL(page, root), 'utf8').split(/\n\s*\n/);
    const unqualified = paragraphs.filter(
      (paragraph) =>
        paragraph.split('\n').some((line) => FROM_REGISTRY.test(line)) && !/published|first release/i.test(paragraph),
    );
    expect(unqualified).toEqual([]);
  });

  it.each(PAGES)('%s: installs the main tarball only beside the MSW one', (page) => {
    for (const line of readFileSync(new URL(page, root), 'utf8').split('\n'))
      if (/npm (?:install|i)\b.*chatbot-api-mock-\d[^\s]*\.tgz/.test(line))
        expect(line, line).toMatch(/chatbot-api-mock-msw-\d[^\s]*\.tgz/);
  });
});
