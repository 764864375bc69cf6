// POST /chatbots (operationId createChatbot): stores a chatbot in the key's project.
import { resolveSettings } from '../state/settings.js';
import type { OperationHandler } from './handler.js';

export const createChatbot: OperationHandler<'createChatbot'> = async ({ principal, body, store, rules }) => {
  const chatbot = await store.create(principal, {
    name: body.name,
    settings: resolveSettings(body.settings, rules.defaultSettings),
  });
  return { status: 201, body: { data: chatbot } };
};
