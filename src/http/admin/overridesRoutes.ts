// /__admin/overrides: a test sets, lists and removes the answers it needs (src/engine/overrides.ts), as MSW's
// server.use or WireMock's stubs, checked against openapi.yaml when they are set. An API key an override names is
// shown masked: the admin API never hands a key back.
import type { Router } from 'express';
import { OverrideError, type OverrideSpec } from '../../engine/checkOverride.js';
import type { ActiveOverride, Overrides } from '../../engine/overrides.js';
import { maskKey } from '../../untrusted/redact.js';
import { sendProblem } from '../sendProblem.js';
import { adminProblem } from './adminContract.js';

/** An override as the admin API shows it: its key masked. */
export const shown = (override: ActiveOverride) => ({
  ...override,
  ...(override.key ? { key: maskKey(override.key) } : {}),
});

/** Each body's JSON, made once: a body never changes, and the admin page lists every override each second. */
const bodyTexts = new WeakMap<ActiveOverride, string>();

/** An override as shown, as JSON text; its body's text is made once. */
function shownText(override: ActiveOverride): string {
  const { body, ...rest } = shown(override);
  const head = JSON.stringify(rest);
  if (body === undefined) return head;
  let text = bodyTexts.get(override);
  if (text === undefined) bodyTexts.set(override, (text = JSON.stringify(body)));
  return `${head.slice(0, -1)},"body":${text}}`;
}

export function addOverrideRoutes(router: Router, overrides: Overrides): void {
  router.get('/overrides', (_req, res) => {
    const listed = overrides.list().map(shownText).join(',');
    res.type('application/json').send(`{"overrides":[${listed}]}`);
  });
  // The body was held to OverrideSpec (admin/openapi.yaml) before this runs.
  router.post('/overrides', (req, res) => {
    try {
      res.status(201).json(shown(overrides.add(req.body as OverrideSpec)));
    } catch (error) {
      if (!(error instanceof OverrideError)) throw error;
      sendProblem(res, adminProblem('OverrideRefused', error.reasons.join('; ')));
    }
  });
  router.delete('/overrides', (_req, res) => {
    overrides.clear();
    res.status(204).end();
  });
  router.delete('/overrides/:id', (req, res) => {
    if (overrides.remove(req.params.id)) return void res.status(204).end();
    sendProblem(res, adminProblem('NoSuchOverride', `No override ${JSON.stringify(req.params.id)}.`));
  });
}
