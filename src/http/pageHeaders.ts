// The headers of the pages this server shows (/docs, /__admin/): what they
// display comes partly from untrusted input (a contract under review, the
// traffic), so, as a browser treats an untrusted document, no inline script
// runs, nothing loads from another origin, the page cannot be framed, and no
// file is read as another type than it is served as.
import type { RequestHandler } from 'express';

export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes as it renders; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const pageHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', PAGE_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};
