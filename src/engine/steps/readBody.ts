// 413: the body is read, and its size limit enforced while reading, before the
// key is checked, so that nothing over the limit is ever buffered. A declared
// Content-Length over the limit is answered at once, without reading anything.
// A body another parser read is its value, serialized again: one nested past
// the depth every mode reads is refused here (422), as it cannot be.
import type { Contract } from '../../contract/contract.js';
import { problemReply, tooDeepReply } from '../problems.js';
import { BodyReadError, type Step } from '../types.js';

export function readBodyStep(contract: Contract): Step {
  const limit = contract.rules.maxBodyBytes;
  return async (context, next) => {
    const { body, headers } = context.request;
    // Only an uncompressed body's declared length is its size: a compressed one is measured as it inflates.
    const identity = (headers['content-encoding'] ?? 'identity').trim().toLowerCase() === 'identity';
    if (identity && Number(headers['content-length']) > limit) return tooLarge();
    try {
      context.bytes = typeof body === 'function' ? await body(limit) : body;
    } catch (error) {
      if (!(error instanceof BodyReadError)) throw error;
      if (error.reason === 'too-large') return tooLarge();
      if (error.reason === 'too-deep') return tooDeepReply(contract);
      if (error.reason === 'unsupported-encoding') {
        return problemReply(contract, 415, 'The request body uses a Content-Encoding this server does not support.');
      }
      return problemReply(
        contract,
        400,
        `The request body could not be read or decoded (${error.message}), so it is not well-formed JSON.`,
      );
    }
    if (context.bytes !== undefined && context.bytes.length > limit) return tooLarge();
    if (context.bytes?.length === 0) context.bytes = undefined;
    return next();
  };

  function tooLarge() {
    return problemReply(contract, 413, `The request body is larger than ${limit} bytes.`);
  }
}
