// What of a contract can be exercised, item by item: its operations; each
// documented answer (operation × status × media type); each problem type an
// answer documents; each parameter and request body property; each answer body
// property the answer may lack (`/validation_omitted` of a 422); each value an
// `enum` allows, sent or received. Every mode's coverage is counted against
// these items (src/coverage/recorder.ts), and reported from them (measure.ts).
import type { OpenAPIV3 } from 'openapi-types';
import { operationObject, type Contract } from '../contract/contract.js';
import { resolvePointer } from '../contract/pointer.js';
import type { CoverageKind } from './kinds.js';
import { shapeNodes, shapeOf, type Shape } from './shape.js';

/** One thing a run may exercise; `key` names it in a saved journal. */
export interface CoverageItem {
  kind: CoverageKind;
  key: string;
  operation: string;
  /** How it reads in a report, after its operation. */
  label: string;
  /** The answer's status as documented (`201`, `4XX`, `default`), for answers and problems. */
  status?: string;
}

/** The response of one documented status: its media types, and the shape of each one's body. */
export interface AnswerPlan {
  status: string;
  /** Media type → its body's shape; empty when the answer documents no content. */
  bodies: Map<string, Shape | undefined>;
  problemTypes: string[];
}

/** How one operation's exchanges map onto items. */
export interface OperationPlan {
  operationId: string;
  answers: Map<string, AnswerPlan>;
  parameters: { in: string; name: string }[];
  /** The request body's shape, all its media types laid together. */
  body: Shape | undefined;
}

export interface CoveragePlan {
  items: CoverageItem[];
  operations: Map<string, OperationPlan>;
}

const PROBLEM = /^application\/problem\+json$/i;

export function answerKey(operation: string, status: string, mediaType?: string): string {
  return `answer ${operation} ${status}${mediaType ? ` ${mediaType}` : ''}`;
}
export const operationKey = (operation: string) => `operation ${operation}`;
export const problemKey = (operation: string, type: string) => `problem ${operation} ${type}`;
export const parameterKey = (operation: string, where: string, name: string) =>
  `parameter ${operation} ${where} ${name}`;
export const propertyKey = (operation: string, path: string) => `property ${operation} ${path}`;
/** `answer` is the documented status and the media type: `422 application/problem+json`. */
export const answerPropertyKey = (operation: string, answer: string, path: string) =>
  `answer-property ${operation} ${answer} ${path}`;
export function enumKey(operation: string, side: string, path: string, json: string): string {
  return `enum ${operation} ${side} ${path || '/'} = ${json}`;
}

export function coveragePlan(contract: Contract): CoveragePlan {
  const items: CoverageItem[] = [];
  const operations = new Map<string, OperationPlan>();
  for (const operation of contract.operations) {
    const id = operation.operationId;
    const definition = operationObject(contract, operation);
    items.push({
      kind: 'operations',
      key: operationKey(id),
      operation: id,
      label: `${operation.method} ${operation.path}`,
    });
    const answers = new Map<string, AnswerPlan>();
    for (const [status, response] of Object.entries(definition.responses ?? {})) {
      const content = (response as OpenAPIV3.ResponseObject).content ?? {};
      const bodies = new Map(
        Object.entries(content).map(([media, value]) => [media.toLowerCase(), shapeOf(value.schema)]),
      );
      const problemTypes = Object.entries(content)
        .filter(([media]) => PROBLEM.test(media))
        .flatMap(([, value]) => exampleTypes(value));
      answers.set(status, { status, bodies, problemTypes: [...new Set(problemTypes)] });
      if (bodies.size === 0)
        items.push({ kind: 'answers', key: answerKey(id, status), operation: id, label: status, status });
      for (const [media, shape] of bodies) {
        items.push({
          kind: 'answers',
          key: answerKey(id, status, media),
          operation: id,
          label: `${status} ${media}`,
          status,
        });
        for (const node of shape ? shapeNodes(shape) : []) {
          if (node.optional)
            items.push({
              kind: 'answer-properties',
              key: answerPropertyKey(id, `${status} ${media}`, node.path),
              operation: id,
              label: `received ${node.path} (${status})`,
              status,
            });
          for (const json of node.values ?? [])
            items.push({
              kind: 'enums',
              key: enumKey(id, `${status} ${media}`, node.path, json),
              operation: id,
              label: `received ${node.path} = ${json} (${status})`,
              status,
            });
        }
      }
      for (const type of [...new Set(problemTypes)])
        items.push({
          kind: 'problems',
          key: problemKey(id, type),
          operation: id,
          label: `${type} (${status})`,
          status,
        });
    }
    const parameters = parametersOf(contract, operation.pointer, definition);
    for (const parameter of parameters)
      items.push({
        kind: 'parameters',
        key: parameterKey(id, parameter.in, parameter.name),
        operation: id,
        label: `${parameter.in} ${parameter.name}`,
      });
    const body = requestShape(definition);
    for (const node of body ? shapeNodes(body) : []) {
      items.push({ kind: 'properties', key: propertyKey(id, node.path), operation: id, label: `sent ${node.path}` });
      for (const json of node.values ?? [])
        items.push({
          kind: 'enums',
          key: enumKey(id, 'request', node.path, json),
          operation: id,
          label: `sent ${node.path} = ${json}`,
        });
    }
    operations.set(id, {
      operationId: id,
      answers,
      parameters: parameters.map((parameter) => ({ in: parameter.in, name: parameter.name })),
      body,
    });
  }
  return { items: dedupe(items), operations };
}

/** The operation's parameters and its path's, the operation's own first (it may redefine one). */
function parametersOf(
  contract: Contract,
  pointer: string,
  definition: OpenAPIV3.OperationObject,
): OpenAPIV3.ParameterObject[] {
  const pathItem = resolvePointer(contract.dereferenced, pointer.replace(/\/[^/]*$/, '')) as
    OpenAPIV3.PathItemObject | undefined;
  const all = [...(definition.parameters ?? []), ...(pathItem?.parameters ?? [])] as OpenAPIV3.ParameterObject[];
  const seen = new Set<string>();
  return all.filter((parameter) => {
    const key = `${parameter.in} ${parameter.name}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** The shape of the request body, every media type's schema laid together as branches of one. */
function requestShape(definition: OpenAPIV3.OperationObject): Shape | undefined {
  const content = (definition.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
  const schemas = Object.values(content)
    .map((value) => value.schema)
    .filter((schema) => schema !== undefined);
  return schemas.length === 0 ? undefined : shapeOf({ anyOf: schemas });
}

/** The `type` of a problem answer's example, or of each of its examples. */
function exampleTypes(media: OpenAPIV3.MediaTypeObject): string[] {
  const examples = [
    media.example,
    ...Object.values(media.examples ?? {}).map((example) => (example as { value?: unknown }).value),
  ];
  return examples
    .map((example) => (example as { type?: unknown } | undefined)?.type)
    .filter((type): type is string => typeof type === 'string');
}

function dedupe(items: CoverageItem[]): CoverageItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.key) && Boolean(seen.add(item.key)));
}
