// A webhook (OpenAPI 3.1's `webhooks`) in two versions. The roles are reversed: the API sends the request, so its
// body is judged as a response is (breaking when the client may now receive what it could not), and the client
// answers, so each answer's body is judged as a request is (breaking when the API now refuses what it accepted).
import { compareContent } from './compareMessages.js';
import { at, type Located, type Pair } from './document.js';
import { isSchema } from './schema/schema.js';

export function compareWebhook({ where: name, before, after, old, now, found }: Pair): void {
  const [was, is] = [at(before.document, old, 'requestBody'), at(after.document, now, 'requestBody')];
  if (isSchema(was.value) && isSchema(is.value))
    compareContent('response', { where: `${name} request (sent by the API)`, before, after, old: was, now: is, found });
  const [wasAnswers, isAnswers] = [at(before.document, old, 'responses'), at(after.document, now, 'responses')];
  const statuses = (located: Located) => (isSchema(located.value) ? Object.keys(located.value) : []);
  const kept = new Set(statuses(wasAnswers));
  for (const status of statuses(isAnswers)) {
    if (!kept.has(status)) continue;
    compareContent('request', {
      where: `${name} answer ${status} (sent by the client)`,
      before,
      after,
      old: at(before.document, wasAnswers, status),
      now: at(after.document, isAnswers, status),
      found,
    });
  }
}
