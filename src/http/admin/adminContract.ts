// The contracts of this package's own admin APIs: serve's and mock's
// (admin/openapi.yaml) and the proxy's (admin/proxy.openapi.yaml). Each is read
// once, when a server first asks, and compiled by the engine openapi.yaml is
// compiled by (openapi-backend and Ajv, src/contract/liveRouter.ts);
// checkAdmin.ts holds every admin request and answer to it, and its problems
// are its components' responses.
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import type { components as adminComponents } from '../../../generated/admin.js';
import type { components as proxyComponents } from '../../../generated/proxy-admin.js';
import { documentedProblem, type DocumentedProblem } from '../../contract/documentedProblem.js';
import { createLiveRouter, type LiveRouter } from '../../contract/liveRouter.js';
import { packageRoot, readDocument } from '../../contract/load.js';
import { withRefsResolved } from '../../contract/resolvedRefs.js';

/** A problem an admin API documents, by the name of its response. */
export type AdminProblemName = keyof adminComponents['responses'];
export type ProxyProblemName = keyof proxyComponents['responses'];

export interface OwnContract {
  document: OpenAPIV3.Document;
  router: LiveRouter;
}

const read = new Map<string, OwnContract>();

function ownContract(name: string): OwnContract {
  let found = read.get(name);
  if (!found) {
    const document = readDocument(join(packageRoot, 'admin', name));
    read.set(name, (found = { document, router: createLiveRouter(withRefsResolved(document)) }));
  }
  return found;
}

let admin: (OwnContract & { maxTenants: number }) | undefined;

/** The admin API of serve and mock, with the most tenants made between two resets (info.x-limits.max-tenants). */
export function adminContract(): OwnContract & { maxTenants: number } {
  if (admin) return admin;
  const contract = ownContract('openapi.yaml');
  const limits = (contract.document.info as { 'x-limits'?: Record<string, unknown> })['x-limits'] ?? {};
  const maxTenants = Number(limits['max-tenants']);
  if (!Number.isSafeInteger(maxTenants)) throw new Error('admin/openapi.yaml lacks info.x-limits.max-tenants');
  admin = { ...contract, maxTenants };
  return admin;
}

/** The proxy's admin API. */
export function proxyAdminContract(): OwnContract {
  return ownContract('proxy.openapi.yaml');
}

/** serve's and mock's admin problem `name`, with this detail. */
export function adminProblem(name: AdminProblemName, detail: string): DocumentedProblem {
  return documentedProblem(adminContract().document, name, detail);
}

/** The proxy's problem `name`, with this detail. */
export function proxyProblem(name: ProxyProblemName, detail: string): DocumentedProblem {
  return documentedProblem(proxyAdminContract().document, name, detail);
}
