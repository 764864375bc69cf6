// An operation's JSON request body as verify generates it: its first JSON
// media type (application/json first), and its schema in the form the
// generators read (requestForm.ts: every keyword of the dialect used, filtered
// for, or knowingly left).
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../../contract/contract.js';
import type { ContractOperation } from '../../contract/router.js';
import { requestForm, type RequestForm } from './requestForm.js';
import type { Schema } from './schemas.js';

/** An operation's JSON request body: its media type, and its schema in the generators' form (requestForm.ts). */
export interface RequestBody extends RequestForm {
  mediaType: string;
}

/**
 * The JSON request body an operation takes (its first JSON media type, application/json first); undefined when it
 * takes none. CannotGenerate when its schema accepts no value (allOf parts that contradict each other).
 */
export function requestBody(contract: Contract, operation: ContractOperation): RequestBody | undefined {
  const [mediaType] = operation.bodyTypes;
  const body = operationObject(contract, operation).requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const written = mediaType === undefined ? undefined : (body?.content[mediaType]?.schema as Schema | undefined);
  if (mediaType === undefined || !written) return undefined;
  const components = (contract.dereferenced.components?.schemas ?? {}) as Record<string, unknown>;
  return { mediaType, ...requestForm(written, components) };
}
