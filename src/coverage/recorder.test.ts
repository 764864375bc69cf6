// What the recorder counts of parameters, by where the contract declares them: a path parameter whenever its
// operation is routed to, a query parameter only when the query string names it. The Petstore's findPetsByStatus
// declares `status` in the query; getPetById `petId` in the path; listChatbots none.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContractFile } from '../contract/load.js';
import { CoverageRecorder } from './recorder.js';

const petstore = readContractFile(
  fileURLToPath(new URL('../../test/fixtures/petstore/openapi.yaml', import.meta.url)),
).contract;

describe('CoverageRecorder', () => {
  it('counts a query parameter sent, a path parameter always, and nothing of an undeclared query', () => {
    const recorder = new CoverageRecorder(petstore, 'test');
    recorder.observe({ operationId: 'findPetsByStatus', query: 'other=1', status: 200, mediaType: 'application/json' });
    recorder.observe({
      operationId: 'findPetsByStatus',
      query: 'status=sold',
      status: 200,
      mediaType: 'application/json',
    });
    recorder.observe({ operationId: 'getPetById', status: 200, mediaType: 'application/json' });
    const { seen } = recorder.journal();
    expect(seen['parameter findPetsByStatus query status']).toBe(1);
    expect(seen['parameter getPetById path petId']).toBe(1);
    expect(Object.keys(seen).filter((key) => key.includes('other'))).toEqual([]);
  });
});
