// ensure_resource_availability: a chatbot just created must be in the next
// list of its account, exactly once, with the fields the create answered.
import { isDeepStrictEqual } from 'node:util';
import type { Chatbot } from '../contract/types.js';
import type { KeyRole, TestCase } from './cases.js';
import type { Failure } from './checks/types.js';
import type { Exercised, Session } from './session.js';

/** Whether the contract lists chatbots: a branch's may not, and then nothing is checked by a list. */
export function hasList(session: Session): boolean {
  return session.options.contract.operations.some((operation) => operation.operationId === 'listChatbots');
}

export function listCase(session: Session, phase: TestCase['phase'], role: KeyRole, label: string): TestCase {
  const list = session.options.contract.operations.find((operation) => operation.operationId === 'listChatbots');
  if (!list) throw new Error('the contract has no listChatbots operation to check availability with');
  return { phase, label, method: list.method, path: list.path, headers: session.headers(), role };
}

/** The list answered for a role; undefined when it did not answer a list. */
export async function listFor(
  session: Session,
  phase: TestCase['phase'],
  role: KeyRole,
  label: string,
): Promise<{ exercised: Exercised; chatbots?: Chatbot[] }> {
  const exercised = await session.exercise(listCase(session, phase, role, label));
  if (exercised.answer?.status !== 200) return { exercised };
  try {
    const data = (JSON.parse(exercised.answer.text) as { data?: unknown }).data;
    return Array.isArray(data) ? { exercised, chatbots: data as Chatbot[] } : { exercised };
  } catch {
    return { exercised };
  }
}

/** Lists after a successful create, and reports the chatbot missing, doubled or changed. */
export async function checkAvailable(session: Session, create: Exercised): Promise<Failure[]> {
  if (!create.created || !session.enabled('ensure_resource_availability') || !hasList(session)) return [];
  const role = create.testCase.role ?? 'main';
  const { exercised: list, chatbots } = await listFor(
    session,
    create.testCase.phase,
    role,
    `the list after: ${create.testCase.label}`,
  );
  if (!chatbots) return list.failures;
  const chatbot = create.created;
  const matches = chatbots.filter((listed) => listed?.id === chatbot.id);
  let message: string | undefined;
  if (matches.length !== 1) message = `chatbot ${chatbot.id} is listed ${matches.length} times`;
  else if (!isDeepStrictEqual(matches[0], chatbot))
    message = `listed as ${JSON.stringify(matches[0])}, created as ${JSON.stringify(chatbot)}`;
  session.findings.count('ensure_resource_availability', 'createChatbot', message !== undefined);
  if (!message) return list.failures;
  const failure: Failure = {
    check: 'ensure_resource_availability',
    message,
    expected: 'the created chatbot in the list of its account, once, with the same fields',
    pointer: '#/paths/~1chatbots/get/description',
    cause: matches.length === 1 ? 'changed' : matches.length === 0 ? 'missing' : 'repeated',
  };
  session.keep({
    operation: 'createChatbot',
    failure,
    testCase: create.testCase,
    answer: list.answer,
    curl: [session.curl(create.testCase), session.curl(list.testCase)],
  });
  return [...list.failures, failure];
}
