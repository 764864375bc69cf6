// POST /chatbots (operationId createChatbot): stores a chatbot in the key's project.
import type { Reply } from '../problem.js';
import { resolveSettings } from '../settings.js';
import type { ChatbotEnvelope, CreateChatbotRequest } from '../types.js';
import type { OperationHandler } from './handler.js';

export const createChatbot: OperationHandler = async ({ principal, body, store, rules }): Promise<Reply> => {
  const request = body as CreateChatbotRequest; // validated against the contract before this runs
  const chatbot = await store.create(principal, {
    name: request.name,
    settings: resolveSettings(request.settings, rules.defaultSettings),
  });
  const envelope: ChatbotEnvelope = { data: chatbot };
  return { status: 201, body: envelope };
};
