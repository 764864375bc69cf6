// The floor of startup on this machine: the time from spawn to the first 200 of
// GET /api/chatbots for a process that only answers it, with node:http alone or
// with Express loaded. Usage: node tools/dist/bench/bareStart.js <node-http|express> --port N
import { createServer, type RequestListener } from 'node:http';

const [kind, , port] = process.argv.slice(2);
const body = JSON.stringify({ data: [] });
let listener: RequestListener = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
};
if (kind === 'express') {
  const { default: express } = await import('express');
  const app = express();
  app.get('/api/chatbots', (_req, res) => void res.type('application/json').send(body));
  listener = app;
} else if (kind !== 'node-http') {
  throw new Error(`unknown kind: ${kind}`);
}
createServer(listener).listen(Number(port), '127.0.0.1');
