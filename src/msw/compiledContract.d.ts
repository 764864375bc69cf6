// The module tools/build-msw.mjs compiles from openapi.yaml (src/contract/standalone.ts)
// and bundles into the MSW package in place of this name.
declare module '#chatbot-api-mock/compiled-contract' {
  import type { CompiledContract } from '../contract/compiledRouter.js';
  export const compiled: CompiledContract;
}
