// What the contract says about a created chatbot beyond its schema: the name
// and settings as supplied, the defaults, is_active, and created_at. They read
// the request the answer is for, so each runs on every successful create.
import { isDeepStrictEqual } from 'node:util';
import type { Chatbot } from '../../contract/types.js';
import { parsedBody } from '../cases.js';
import type { AnswerCheck, CheckName, Failure, Judged } from './types.js';

const CREATE = '#/paths/~1chatbots/post';
const FRESH_MS = 10 * 60_000;

interface Created {
  sent: { name?: unknown; settings?: Record<string, unknown> | null };
  chatbot: Chatbot;
}

// Read once per answer: every semantic check asks, in applies() and in judge().
const readCreates = new WeakMap<Judged, Created | undefined>();

/** The request and the chatbot of a successful create; undefined for any other answer. */
function created(judged: Judged): Created | undefined {
  if (!readCreates.has(judged)) readCreates.set(judged, readCreate(judged));
  return readCreates.get(judged);
}

function readCreate({ testCase, answer, expectation }: Judged): Created | undefined {
  if (expectation.operation?.operationId !== 'createChatbot' || answer.status !== 201) return undefined;
  try {
    const chatbot = (JSON.parse(answer.text) as { data?: Chatbot }).data;
    const sent = parsedBody(testCase) as Created['sent'] | undefined;
    return chatbot && typeof chatbot === 'object' && sent ? { sent, chatbot } : undefined;
  } catch {
    return undefined;
  }
}

function semantic(
  name: CheckName,
  test: (created: Created, judged: Judged) => Omit<Failure, 'check'> | undefined,
): AnswerCheck {
  return {
    name,
    applies: (judged) => created(judged) !== undefined,
    judge: (judged) => {
      const chatbot = created(judged);
      const found = chatbot && test(chatbot, judged);
      return found ? { check: name, ...found } : undefined;
    },
  };
}

const json = (value: unknown) => JSON.stringify(value) ?? 'undefined';

export const SEMANTIC_CHECKS: AnswerCheck[] = [
  semantic('name_reflected', ({ sent, chatbot }) =>
    chatbot.name === sent.name
      ? undefined
      : {
          message: `sent name ${json(sent.name)}, got ${json(chatbot.name)}`,
          expected: 'data.name equals the supplied name',
          pointer: `${CREATE}/description`,
        },
  ),
  semantic('settings_reflected', ({ sent, chatbot }) => {
    for (const [key, value] of Object.entries(sent.settings ?? {})) {
      const got = (chatbot.settings as Record<string, unknown> | undefined)?.[key];
      if (!isDeepStrictEqual(got, value)) {
        return {
          message: `settings.${key}: sent ${json(value)}, got ${json(got)}`,
          expected: 'every supplied key with exactly the supplied value',
          pointer: `${CREATE}/description`,
        };
      }
    }
    return undefined;
  }),
  semantic('default_settings', ({ sent, chatbot }, { contract }) => {
    const expected = { ...contract.rules.defaultSettings, ...(sent.settings ?? {}) };
    return isDeepStrictEqual(chatbot.settings, expected)
      ? undefined
      : {
          message:
            `sent ${sent.settings === undefined ? 'no settings' : `settings ${json(sent.settings)}`}, got ` +
            `${json(chatbot.settings)}`,
          expected: `the defaults with the supplied keys laid over them: ${json(expected)}`,
          pointer: '#/components/schemas/ChatbotSettings/default',
        };
  }),
  semantic('is_active', ({ chatbot }) =>
    chatbot.is_active === true
      ? undefined
      : {
          message: `is_active is ${json(chatbot.is_active)}`,
          expected: 'true',
          pointer: '#/components/schemas/ChatbotEnvelope/properties/data',
        },
  ),
  semantic('timestamp_format', ({ chatbot }) => {
    const time = Date.parse(chatbot.created_at);
    return !Number.isNaN(time) && new Date(time).toISOString() === chatbot.created_at
      ? undefined
      : {
          message: `created_at is ${json(chatbot.created_at)}`,
          expected: 'a UTC time with milliseconds, e.g. 2026-11-22T09:15:02.123Z',
          pointer: '#/components/schemas/Chatbot/properties/created_at',
        };
  }),
  semantic('timestamp_fresh', ({ chatbot }, { answer }) => {
    const skew = Math.abs(Date.parse(chatbot.created_at) - (Date.now() - answer.ms / 2));
    return skew <= FRESH_MS
      ? undefined
      : {
          message: `created_at ${chatbot.created_at} is ${Math.round(skew / 1000)} s away from this machine's clock`,
          expected: 'the time of creation',
          pointer: '#/components/schemas/Chatbot/properties/created_at',
        };
  }),
];
