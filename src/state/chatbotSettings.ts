// The rule of `settings` that JSON Schema cannot say by itself: how supplied
// settings and the defaults combine.
import type { ChatbotSettings, CreateChatbotRequest } from '../contract/types.js';

/**
 * "Left blank" (omitted, null or {}) gives the defaults; otherwise every supplied
 * key keeps its value and the defaults fill in the keys not supplied.
 */
export function resolveSettings(
  supplied: CreateChatbotRequest['settings'],
  defaults: ChatbotSettings,
): ChatbotSettings {
  return { ...defaults, ...supplied };
}
