// How openapi-backend should serve the engine, measured in one process with no
// network: its own handleRequest (route, parse, validate, dispatch) against its
// router and compiled validators called by our pipeline. The figures are in
// docs/decisions/0001-dispatch.md. Usage: node tools/dist/bench/dispatch.js
import addFormats from 'ajv-formats';
import {
  createReference,
  DEMO_KEYS,
  InMemoryChatbotStore,
  loadContract,
  parseKeys,
  type Reply,
} from 'chatbot-api-mock';
import { OpenAPIBackend, type Context } from 'openapi-backend';

const ROUNDS = 5;
const PER_ROUND = 20_000;
const contract = loadContract();
const keys = parseKeys(DEMO_KEYS);
const store = new InMemoryChatbotStore();
const owner = { accountId: 'acme', projectId: 'acme-web' };
for (let i = 0; i < 10; i++) await store.create(owner, { name: `Bot ${i}`, settings: contract.rules.defaultSettings });
// The reference engine: its executor answers for handleRequest too.
const { engine } = createReference({ contract, keys, store });
const handler = (operationId: string) => (context: Context) => {
  const principal = keys.find((key) => `Bearer ${key.key}` === context.request.headers.authorization);
  return principal ? reply(operationId, context.request.requestBody) : { status: 401 };
};
const headers = { authorization: 'Bearer sk_live_acme_web_0001', 'content-type': 'application/json' };
const body = { name: 'Bench', settings: { theme: 'dark' } };

// 1. Our pipeline (above): openapi-backend's router and validators, called by our steps.
const bodyBytes = new TextEncoder().encode(JSON.stringify(body));

// 2. openapi-backend's handleRequest, with the same checks as its handlers.
const backend = new OpenAPIBackend({
  definition: structuredClone(contract.dereferenced),
  apiRoot: contract.basePath,
  quick: true,
  ajvOpts: { allErrors: true, validateSchema: false },
  // The formats; x-max-depth is ignored (strict: false), which only flatters handleRequest.
  customizeAjv: (ajv) => addFormats.default(ajv),
  handlers: {
    notFound: () => ({ status: 404 }),
    methodNotAllowed: () => ({ status: 405 }),
    validationFail: () => ({ status: 422 }),
    unauthorizedHandler: () => ({ status: 401 }),
    listChatbots: handler('listChatbots'),
    createChatbot: handler('createChatbot'),
  },
});
await backend.init();

/** The same store work as the reference handlers do, for handleRequest's handlers. */
async function reply(operationId: string, requestBody: unknown): Promise<Reply> {
  if (operationId === 'listChatbots')
    return { status: 200, body: { data: await store.listByAccount(owner.accountId) } };
  const { name } = requestBody as { name: string };
  return { status: 201, body: { data: await store.create(owner, { name, settings: contract.rules.defaultSettings }) } };
}

const cases = {
  'GET  /api/chatbots, our pipeline': () => engine.handle({ method: 'GET', path: '/api/chatbots', headers }),
  'GET  /api/chatbots, handleRequest': () => backend.handleRequest({ method: 'GET', path: '/api/chatbots', headers }),
  'POST /api/chatbots, our pipeline': () =>
    engine.handle({ method: 'POST', path: '/api/chatbots', headers, body: bodyBytes }),
  'POST /api/chatbots, handleRequest': () =>
    backend.handleRequest({ method: 'POST', path: '/api/chatbots', headers, body: JSON.stringify(body) }),
  'match only, our literal-path Map': async () => contract.router.match('GET', '/chatbots'),
  "match only, openapi-backend's matchOperation": async () =>
    backend.router.matchOperation({ method: 'GET', path: '/api/chatbots', headers }),
};

const totals = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(cases)) {
    const started = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await run();
    totals.set(name, [...(totals.get(name) ?? []), ((performance.now() - started) * 1000) / PER_ROUND]);
  }
}
console.log(
  `µs per request, median of ${ROUNDS} rounds of ${PER_ROUND} (Node ${process.version}); the POSTs store every chatbot`,
);
for (const [name, values] of totals) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`${name.padEnd(48)} ${(sorted[Math.floor(ROUNDS / 2)] ?? NaN).toFixed(2).padStart(8)}`);
}
