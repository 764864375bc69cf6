// Turns Ajv's errors into the contract's validation issues: the shape Stoplight
// Prism uses ({ location, code, message }), so the mock and the server agree.
import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from './types.js';

// openapi-backend validates the body under a `requestBody` property.
const LOCATIONS: Record<string, string> = { requestBody: 'body', query: 'query', header: 'header', path: 'path' };

export function validationIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  return errors.map((error) => {
    const [root = '', ...rest] = error.instancePath.split('/').slice(1).map(unescapePointer);
    const location = root === '' ? ['body'] : [LOCATIONS[root] ?? root, ...rest];
    if (error.keyword === 'required' && root === '' && error.params.missingProperty === 'requestBody') {
      return { location: ['body'], code: 'required', message: 'a JSON request body is required' };
    }
    if (error.keyword === 'x-max-depth') {
      return { location, code: 'maxDepth', message: error.message ?? 'nests too deep' };
    }
    if (error.keyword === 'additionalProperties') {
      const extra = String(error.params.additionalProperty);
      return { location: [...location, extra], code: 'additionalProperties', message: `unknown property '${extra}'` };
    }
    return { location, code: error.keyword, message: error.message ?? `must pass ${error.keyword}` };
  });
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
