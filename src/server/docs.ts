// The API reference (Swagger UI, every asset served from this package, no CDN)
// at /docs, and the contract itself at /openapi.yaml and /openapi.json.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type Router } from 'express';
import type { Contract } from '../contract/contract.js';

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

// "Try it out" should call this server first, wherever it runs; the contract's
// own servers stay listed after it.
const start = (basePath: string) => `fetch('../openapi.json')
  .then((response) => response.json())
  .then((spec) => {
    spec.servers = [{ url: new URL('${basePath}', location.href).href, description: 'This server' }, ...(spec.servers || [])];
    window.ui = SwaggerUIBundle({ spec, dom_id: '#swagger-ui', deepLinking: true });
  });
`;

export function docsRouter(contract: Contract, yamlText: string): Router {
  const json = JSON.stringify(contract.document);
  const script = start(contract.basePath);
  const router = express.Router();
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(yamlText);
  });
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  // One route for /docs and /docs/: the page's relative asset URLs need the slash.
  router.get('/docs', (req, res) => {
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, '/docs/');
    res.type('html').send(PAGE);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('application/javascript').send(script);
  });
  router.use('/docs', express.static(swaggerUiDir, { index: false }));
  return router;
}
