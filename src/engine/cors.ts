// CORS, as the contract decides it: any origin may call the API; a preflight
// allows the methods the contract in force documents for its path (GET and
// POST on /chatbots) with the headers it asks for (Authorization and
// Content-Type among them), for 10 minutes; answers expose Allow,
// WWW-Authenticate, Preference-Applied and Mock-Source (an answer a contract
// under review gives from its examples). The `cors` package decides the
// headers; it is run here on plain values, so that the server, createMiddleware
// and the MSW handlers answer alike.
import cors from 'cors';
import type { EngineRequest } from './types.js';

const OPTIONS = {
  exposedHeaders: ['Allow', 'WWW-Authenticate', 'Preference-Applied', 'Mock-Source'],
  maxAge: 600,
};
const crossOrigin = cors(OPTIONS);

export interface CorsAnswer {
  /** The request was a preflight: answer 204 with these headers, and nothing else. */
  preflight: boolean;
  headers: Record<string, string>;
}

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. A plain OPTIONS is not one. */
export function isPreflight(request: EngineRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/**
 * The CORS headers of a request's answer, or of its preflight (allowing `methods()`); none for a plain OPTIONS (it
 * answers 405).
 */
export function corsAnswer(request: EngineRequest, methods: () => readonly string[]): CorsAnswer {
  const preflight = isPreflight(request);
  const headers: Record<string, string> = {};
  if (request.method === 'OPTIONS' && !preflight) return { preflight, headers };
  // What the cors package touches of Node's request and response, as plain values. It answers synchronously.
  // eslint-disable-next-line no-restricted-syntax -- the cors package reads only these two fields of a request
  const req = { method: request.method, headers: request.headers } as unknown as Parameters<typeof crossOrigin>[0];
  const res = {
    statusCode: 200,
    getHeader: (name: string) => headers[name],
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    end: () => {},
    // eslint-disable-next-line no-restricted-syntax -- and writes a response only through these four
  } as unknown as Parameters<typeof crossOrigin>[1];
  (preflight ? cors({ ...OPTIONS, methods: [...methods()] }) : crossOrigin)(req, res, () => {});
  delete headers['Content-Length']; // the adapter counts the body itself
  return { preflight, headers };
}
