// Problems whose kind an OpenAPI document names: the example of a response
// under components.responses gives its type, title and status. The admin API and
// the proxy send their own problems this way, each from its own document, as the
// engine sends the contract's.
import type { OpenAPIV3 } from 'openapi-types';

export interface DocumentedProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

/** The problem of the response `name` of the document's components, with this detail. */
export function documentedProblem(document: OpenAPIV3.Document, name: string, detail: string): DocumentedProblem {
  return problemAmong(document.components?.responses ?? {}, name, detail, document.info.title);
}

/**
 * The problem of the response `name` among responses another document lists (the admin API's), with this detail;
 * `owner` names them in the error when there is none.
 */
export function problemAmong(
  responses: Readonly<Record<string, OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject>>,
  name: string,
  detail: string,
  owner: string,
): DocumentedProblem {
  const response = responses[name] as OpenAPIV3.ResponseObject | undefined;
  const example = response?.content?.['application/problem+json']?.example as
    Omit<DocumentedProblem, 'detail'> | undefined;
  if (!example) throw new Error(`${owner} documents no problem response ${name}`);
  return { type: example.type, title: example.title, status: example.status, detail };
}

/** A problem response: its example names its type and title (documentedProblem reads them). */
export function problemResponse(
  description: string,
  slug: string,
  title: string,
  status: number,
): OpenAPIV3.ResponseObject {
  return {
    description,
    content: {
      'application/problem+json': {
        schema: { type: 'object' },
        example: { type: `https://chatbots.example/problems/${slug}`, title, status },
      },
    },
  };
}
