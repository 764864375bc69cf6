// The operation handlers, keyed by the operationId they serve in openapi.yaml.
import { createChatbot } from './createChatbot.js';
import type { OperationHandler } from './handler.js';
import { listChatbots } from './listChatbots.js';

export const operationHandlers: Record<string, OperationHandler> = { createChatbot, listChatbots };
