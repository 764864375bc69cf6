// admin/openapi.yaml agrees with the code that shares its shapes: an override
// (the engine's, which scenario files use too), the problems this server sends
// on /api in place of an answer it cannot make, and the tenants' limit.
import { describe, expect, it } from 'vitest';
import { documentedProblem } from '../../contract/documentedProblem.js';
import { withRefsResolved } from '../../contract/resolvedRefs.js';
import { MOCK_RESPONSES } from '../../engine/cannotGenerate.js';
import { OVERRIDE_SPEC_SCHEMA } from '../../engine/overrideSchema.js';
import { EDITED_CONTRACT_RESPONSES } from '../../reference/editedContract.js';
import { adminContract, adminProblem } from './adminContract.js';

const { document } = adminContract();

describe('admin/openapi.yaml', () => {
  it("writes an override's shape as the engine checks it (OpenAPI's integer formats aside)", () => {
    const written = JSON.stringify(withRefsResolved(document).components?.schemas?.OverrideSpec, (key, value) =>
      key === 'format' && (value === 'int32' || value === 'int64') ? undefined : value,
    );
    expect(JSON.parse(written)).toEqual(OVERRIDE_SPEC_SCHEMA);
  });

  it('documents each problem sent on /api in place of an answer, with the type, title and status sent', () => {
    for (const [name, response] of Object.entries({ ...EDITED_CONTRACT_RESPONSES, ...MOCK_RESPONSES })) {
      const sent = documentedProblem({ ...document, components: { responses: { [name]: response } } }, name, '');
      expect(adminProblem(name as never, ''), name).toEqual(sent);
      expect(document.components?.responses?.[name], name).toMatchObject({ description: response.description });
    }
  });

  it('gives the most tenants made between two resets', () => {
    expect(adminContract().maxTenants).toBe(1000);
  });
});
