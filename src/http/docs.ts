// The API reference (Swagger UI, every asset served from this package, no CDN)
// at /docs, and the contract itself at /openapi.yaml and /openapi.json: the
// contract in force at each request, which an edited file may change.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type Router } from 'express';
import type { ContractFile } from '../contract/load.js';
import { pageHeaders } from './pageHeaders.js';

// Only the folder of swagger-ui-dist is needed: requiring the package itself would
// load its whole browser bundle into the server at start.
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Chatbot Management API: reference</title>
  <link rel="stylesheet" href="./swagger-ui.css">
  <link rel="icon" href="./favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="./swagger-ui-bundle.js"></script>
  <script src="./start.js"></script>
</body>
</html>
`;

// "Try it out" calls this server, wherever it runs; the contract's own servers
// stay listed after it. The script is the same for every contract: what it
// needs of this server (the base path) comes as JSON, never spliced into code.
const START = `Promise.all(
  [fetch('./config.json'), fetch('../openapi.json')].map((answer) => answer.then((response) => response.json())),
)
  .then(([config, spec]) => {
    const here = { url: new URL(config.basePath, location.href).href, description: 'This server' };
    spec.servers = [here, ...(spec.servers || [])];
    window.ui = SwaggerUIBundle({ spec, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
  });
`;

/** basePath: where the API answers, which "Try it out" calls. */
export function docsRouter(served: () => ContractFile, basePath: string): Router {
  const config = JSON.stringify({ basePath });
  const router = express.Router();
  router.use(['/docs', '/openapi.yaml', '/openapi.json'], pageHeaders);
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(served().text);
  });
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(served().json);
  });
  // One route for /docs and /docs/: the page's relative asset URLs need the slash.
  router.get('/docs', (req, res) => {
    if (!req.originalUrl.replace(/\?.*$/s, '').endsWith('/')) return res.redirect(301, '/docs/');
    res.type('html').send(PAGE);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('application/javascript').send(START);
  });
  router.get('/docs/config.json', (_req, res) => {
    res.type('application/json').send(config);
  });
  router.use('/docs', express.static(swaggerUiDir, { index: false }));
  return router;
}
