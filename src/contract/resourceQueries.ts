// What a list's query declares, for the inference of resources (resources.ts):
// the parameters that filter (one per property of the same name, with the
// default its schema gives) and those that page, by the names APIs use.
import type { OpenAPIV3 } from 'openapi-types';
import type { DocumentOperation } from './operations.js';
import { propertiesOf, type Schema } from './resourceSchemas.js';

/** The query parameters of a list that page it, by their role. */
export interface Pagination {
  limit?: string;
  offset?: string;
  page?: string;
  cursor?: string;
}

const LIMIT = ['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'size'];
const OFFSET = ['offset', 'skip', 'start'];
const PAGE = ['page', 'page_number', 'pageNumber'];
const CURSOR = ['cursor', 'after', 'page_token', 'pageToken', 'starting_after', 'next'];

function queryParameters(found: DocumentOperation): OpenAPIV3.ParameterObject[] {
  const parameters = [...(found.pathItem.parameters ?? []), ...(found.operation.parameters ?? [])];
  return parameters
    .map((parameter) => parameter as OpenAPIV3.ParameterObject)
    .filter((parameter) => parameter.in === 'query');
}

const queryNames = (found: DocumentOperation) => queryParameters(found).map((parameter) => parameter.name);

export function defaultsOf(found: DocumentOperation, filters: readonly string[]): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const parameter of queryParameters(found)) {
    const value = (parameter.schema as Schema | undefined)?.default;
    if (filters.includes(parameter.name) && value !== undefined) defaults[parameter.name] = value;
  }
  return defaults;
}

export function filtersOf(found: DocumentOperation, record: Schema): string[] {
  const properties = propertiesOf(record);
  const paging = new Set([...LIMIT, ...OFFSET, ...PAGE, ...CURSOR]);
  return queryNames(found).filter((name) => name in properties && !paging.has(name));
}

export function paginationOf(found: DocumentOperation): Pagination {
  const names = queryNames(found);
  const pick = (candidates: readonly string[]) => candidates.find((name) => names.includes(name));
  return { limit: pick(LIMIT), offset: pick(OFFSET), page: pick(PAGE), cursor: pick(CURSOR) };
}
