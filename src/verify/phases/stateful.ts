// Phase 4: random sequences of creates (valid and refused) and lists, with
// every key given, checked against a model of the contract: what each account
// must list, in which order, and what it must never list. A failing sequence is
// shrunk to the fewest steps, and reported as the curl commands that replay it.
import fc from 'fast-check';
import type { Chatbot } from '../../contract/types.js';
import type { KeyRole, TestCase } from '../cases.js';
import { hasList, listFor } from '../availability.js';
import type { CheckName, Failure } from '../checks/types.js';
import { invalidArbitrary } from '../generate/invalid.js';
import { text } from '../generate/text.js';
import type { Session } from '../session.js';
import { runProperty, type PropertyBudget } from './property.js';
import { bodyOperations, jsonCase, nameLimit, skipOn, validBodies } from './shared.js';

type Account = 'own' | 'other';
const ACCOUNT: Record<KeyRole, Account> = { main: 'own', sameAccount: 'own', otherAccount: 'other' };

interface Made {
  chatbot: Chatbot;
  /** The key it was created with. */
  role: KeyRole;
}

interface Model {
  created: Record<Account, Made[]>;
  /** Names sent in creates that were refused: none may ever be listed. */
  refused: Set<string>;
  steps: TestCase[];
}

type Command = fc.AsyncCommand<Model, Session>;

export async function runStateful(session: Session, budget: PropertyBudget): Promise<void> {
  const create = bodyOperations(session, 'stateful').find(({ operation }) => operation.operationId === 'createChatbot');
  if (!create || !hasList(session)) return;
  const roles = (['main', 'sameAccount', 'otherAccount'] as const).filter((role) => session.options.keys[role]);
  const role = fc.constantFrom(...roles);
  const name = fc.oneof(
    fc.constant(`${session.prefix} twin`), // the same name twice is allowed
    text({ maxLength: nameLimit(create.schema) - session.prefix.length - 1 }).map(
      (rest) => `${session.prefix} ${rest}`,
    ),
  );
  let valid: fc.Arbitrary<unknown>;
  try {
    valid = validBodies(session, create, new Map([['name', name]]));
  } catch (error) {
    return skipOn(session, error, create.operation, 'stateful', 'sequences of creates and lists');
  }
  const createCommand = fc.tuple(role, valid).map(([who, body]): Command =>
    step(`create as ${who}`, async (model, real) => {
      const exercised = await real.exercise(
        jsonCase(real, 'stateful', create.operation, `create as ${who}`, body, who),
      );
      model.steps.push(exercised.testCase);
      if (exercised.created) model.created[ACCOUNT[who]].push({ chatbot: exercised.created, role: who });
    }),
  );
  const refusedCommand = fc
    .tuple(role, invalidArbitrary(create.schema, valid))
    .map(([who, { value, label }]): Command =>
      step(`refused create as ${who}: ${label}`, async (model, real) => {
        const exercised = await real.exercise(
          jsonCase(real, 'stateful', create.operation, `create as ${who}, with ${label}`, value, who),
        );
        model.steps.push(exercised.testCase);
        if (exercised.created) model.created[ACCOUNT[who]].push({ chatbot: exercised.created, role: who });
        const sent = (value as { name?: unknown } | null)?.name;
        if (
          !exercised.created &&
          (exercised.answer?.status ?? 0) >= 400 &&
          (exercised.answer?.status ?? 0) < 500 &&
          typeof sent === 'string'
        )
          model.refused.add(sent);
      }),
    );
  const listCommand = role.map((who): Command => step(`list as ${who}`, (model, real) => checkList(real, model, who)));
  // Creates are drawn three times as often as the rest: order and scope need several per sequence.
  const commands = fc.commands([createCommand, createCommand, createCommand, refusedCommand, listCommand], {
    maxCommands: 12,
    size: 'medium',
  });
  await runProperty(
    session,
    commands,
    async (sequence) => {
      const model: Model = { created: { own: [], other: [] }, refused: new Set(), steps: [] };
      await fc.asyncModelRun(() => ({ model, real: session }), sequence);
      for (const who of roles) await checkList(session, model, who); // every sequence ends with each key's list
    },
    budget,
  );
}

function step(label: string, run: (model: Model, real: Session) => Promise<void>): Command {
  return { check: () => true, run, toString: () => label };
}

async function checkList(session: Session, model: Model, role: KeyRole): Promise<void> {
  const { exercised, chatbots } = await listFor(session, 'stateful', role, `list as ${role}`);
  model.steps.push(exercised.testCase);
  if (!chatbots) return;
  const own = model.created[ACCOUNT[role]];
  const other = model.created[ACCOUNT[role] === 'own' ? 'other' : 'own'];
  const position = new Map(chatbots.map((chatbot, index) => [chatbot?.id, index]));
  const failures: Failure[] = [];
  const fail = (check: CheckName, message: string, expected: string, pointer = '#/paths/~1chatbots/get/description') =>
    failures.push({ check, message, expected, pointer });

  for (const { chatbot, role: creator } of own) {
    const times = chatbots.filter((listed) => listed?.id === chatbot.id).length;
    if (times === 0) {
      const sameKey = creator === role;
      fail(
        sameKey ? 'ensure_resource_availability' : 'account_scope',
        `chatbot ${chatbot.id} (created ` +
          `${sameKey ? 'with this key' : 'with the key of another project of this account'}) is not listed`,
        'every chatbot of the account, across all of its projects',
      );
    } else if (times > 1) {
      fail('ensure_resource_availability', `chatbot ${chatbot.id} is listed ${times} times`, 'each chatbot once');
    }
  }
  const order = own
    .map(({ chatbot }) => position.get(chatbot.id))
    .filter((index): index is number => index !== undefined);
  if (order.some((index, at) => index < (order[at - 1] ?? -1))) {
    fail(
      'creation_order',
      `created ${own.map(({ chatbot }) => chatbot.id).join(', ')}; listed in another order`,
      'creation order, oldest first',
    );
  }
  const leaked = other.find(({ chatbot }) => position.has(chatbot.id));
  if (leaked)
    fail('tenant_isolation', `lists the other account's chatbot ${leaked.chatbot.id}`, 'no chatbot of another account');
  const stored = chatbots.find(
    (chatbot) => model.refused.has(chatbot?.name) && !session.createdNames.has(chatbot.name),
  );
  if (stored)
    fail(
      'rejected_not_stored',
      `lists chatbot ${stored.id} named ${JSON.stringify(stored.name)}, whose create was refused`,
      'nothing stored by a refused create',
      '#/components/responses/ValidationFailed/description',
    );

  for (const check of [
    'ensure_resource_availability',
    'account_scope',
    'creation_order',
    'tenant_isolation',
    'rejected_not_stored',
  ] as const) {
    if (session.enabled(check))
      session.findings.count(
        check,
        'listChatbots',
        failures.some((failure) => failure.check === check),
      );
  }
  const curl = model.steps.map((testCase) => session.curl(testCase));
  for (const failure of failures)
    session.keep({
      operation: 'listChatbots',
      failure: { ...failure, cause: failure.check },
      testCase: exercised.testCase,
      answer: exercised.answer,
      curl,
    });
}
