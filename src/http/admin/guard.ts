// The admin API is for the developer's own browser and tools, never for another
// site: no CORS (so a page elsewhere cannot read it), a Host allow-list (so a
// rebinding DNS name cannot reach it), state changes only as JSON requests
// (which a cross-site form or a simple fetch cannot send without a preflight,
// which gets no CORS answer), and, when one is set, the admin token. serve,
// mock and proxy share these; each refuses with problems of its own document.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { documentedProblem, type DocumentedProblem } from '../../contract/documentedProblem.js';
import { sendProblem } from '../sendProblem.js';
import { adminContract } from './adminContract.js';

/**
 * With a token, every call needs `Authorization: Bearer <token>`: the scheme in any case (RFC 9110 §11.1), the token
 * compared in constant time. Without one the admin API is open, which serve, mock and proxy refuse off loopback.
 */
export function requireToken(
  token: string | undefined,
  document: OpenAPIV3.Document = adminContract().document,
): RequestHandler {
  if (token === undefined) return (_req, _res, next) => next();
  const expected = digest(token);
  return (req, res, next) => {
    const [, scheme = '', credentials = ''] = /^(\S+) +(.*)$/s.exec(req.get('authorization') ?? '') ?? [];
    // Digests, so that the comparison takes as long whatever the length of what was sent.
    if (timingSafeEqual(digest(credentials), expected) && scheme.toLowerCase() === 'bearer') return next();
    sendProblem(
      res,
      documentedProblem(
        document,
        'Unauthorized',
        'The admin API needs `Authorization: Bearer <admin token>`, with the token it was started with.',
      ),
      { 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer realm="chatbots-admin"' },
    );
  };
}

/** Hosts a request may name: the bound address, localhost, any IP literal, and the ones given. */
export function hostGuard(
  boundHost: string,
  allowedHosts: readonly string[],
  document: OpenAPIV3.Document = adminContract().document,
): RequestHandler {
  const allowed = new Set([boundHost, 'localhost', ...allowedHosts].map((host) => host.toLowerCase()));
  return (req, res, next) => {
    const hostname = hostnameOf(req.headers.host ?? '');
    // A rebinding attack needs a DNS name; an IP literal cannot rebind.
    if (isIP(hostname) || allowed.has(hostname) || hostname.endsWith('.localhost')) return next();
    refuse(
      res,
      documentedProblem(
        document,
        'HostNotAllowed',
        `The Host ${JSON.stringify(req.headers.host ?? '')} is not allowed for the admin API. Add "${hostname}" ` +
          `to the server's allowed hosts to use it.`,
      ),
    );
  };
}

/** A POST must be JSON: a cross-site form or a no-cors fetch can only send simple types. */
export function jsonOnlyForChanges(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const type = (req.headers['content-type'] ?? '').replace(/;.*$/s, '').trim().toLowerCase();
    if (type === 'application/json') return next();
    refuse(
      res,
      documentedProblem(
        adminContract().document,
        'NotJson',
        'Admin requests that change state must be sent with `Content-Type: application/json` (a body of {} will do).',
      ),
    );
  };
}

function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host)?.[1];
  if (bracketed) return bracketed.toLowerCase();
  return host.replace(/:\d+$/, '').toLowerCase();
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function refuse(res: Parameters<RequestHandler>[1], problem: DocumentedProblem): void {
  sendProblem(res, problem, { 'Cache-Control': 'no-store' });
}
