// The admin page at /__admin/: the chatbots per account and project, the
// overrides in force, the request journal as it grows, and a reset button. A
// static page (admin/index.html) with its script in a file of its own
// (admin/app.js), so that the pages' policy runs no inline script; each is read
// once, when a server first shows it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../contract/load.js';

let assets: { page: string; script: string } | undefined;

export function adminPage(): { page: string; script: string } {
  assets ??= {
    page: readFileSync(join(packageRoot, 'admin', 'index.html'), 'utf8'),
    script: readFileSync(join(packageRoot, 'admin', 'app.js'), 'utf8'),
  };
  return assets;
}
