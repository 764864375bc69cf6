// POST /chatbots (operationId createChatbot): stores a chatbot in the key's project.
import { resolveSettings } from '../state/chatbotSettings.js';
import { AccountFullError, StoreFullError } from '../state/store.js';
import type { OperationHandler } from './handler.js';

export const createChatbot: OperationHandler<'createChatbot'> = async ({
  principal,
  body,
  store,
  rules,
  maxRecords,
  problem,
  encodeChatbot,
}) => {
  try {
    const chatbot = await store.create(
      principal,
      { name: body.name, settings: resolveSettings(body.settings, rules.defaultSettings) },
      rules.maxChatbotsPerAccount,
      maxRecords,
    );
    // The store kept the bytes the encoder made of it (checked then): the answer is the same bytes.
    return { status: 201, encoded: ['{"data":', encodeChatbot(chatbot), '}'] };
  } catch (error) {
    // The 409 the contract documents for a full account answers a full server too, its detail saying which.
    if (error instanceof AccountFullError || error instanceof StoreFullError)
      return { status: 409, body: problem(409, error.message) };
    throw error;
  }
};
