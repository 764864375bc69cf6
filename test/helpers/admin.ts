// Calls the admin API of serve or mock, and checks each answer against
// admin/openapi.yaml (helpers/adminAnswer.ts).
import { adminContract } from '../../src/http/admin/adminContract.js';
import { documentedAnswer } from './adminAnswer.js';

/** `url`: any URL of the server. `template`: the documented path, when `path` fills one in. */
export function adminCaller(url: () => string) {
  return async (method: string, path: string, body?: unknown, template = path.replace(/\?.*$/, '')) => {
    const response = await fetch(`${new URL(url()).origin}/__admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return documentedAnswer(adminContract().document, method, template, response);
  };
}
