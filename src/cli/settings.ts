// The settings of `serve` as the command line names them: each one's flag,
// environment variable and config-file key, the option of runServe it sets,
// and its default. Their values are coerced and checked once, by the rules of
// runServe's options (src/cli/settingValues.ts), whichever of these they came
// from; quiet and the log format are the command line's own. `mock`, `proxy` and `verify` take some
// rows of their own beside serve's (src/cli/commandSettings.ts; src/cli/toolSettings.ts checks theirs).
import { OPTION_RULES, type CheckedOption } from '../serve/options.js';
import { MAX_RESPONSE_BYTES_ALLOWED } from '../verify/answerCap.js';

export interface CliSetting {
  /** The option of runServe it sets, or a setting of the command line itself (or of proxy and verify). */
  key: CheckedOption | 'quiet' | 'logFormat' | 'dynamic' | 'maxResponseBytes';
  /** Its name in the config file. */
  configKey: string;
  /** Commander's flag syntax. */
  flag: string;
  env: string;
  description: string;
  default?: string | number | boolean;
}

export const SERVE_SETTINGS: readonly CliSetting[] = [
  {
    key: 'port',
    configKey: 'port',
    flag: '-p, --port <number>',
    env: 'PORT',
    description: 'port to listen on',
    default: 4010,
  },
  {
    key: 'host',
    configKey: 'host',
    flag: '--host <address>',
    env: 'HOST',
    description: 'address to bind',
    default: '127.0.0.1',
  },
  {
    key: 'contractFile',
    configKey: 'contract',
    flag: '--contract <file>',
    env: 'CONTRACT_FILE',
    description: "serve this OpenAPI file instead of the built-in contract (a branch's, under review)",
  },
  {
    key: 'maxContractBytes',
    configKey: 'maxContractBytes',
    flag: '--max-contract-bytes <n>',
    env: 'MAX_CONTRACT_BYTES',
    description: 'the largest contract file read, in bytes (a contract under review is untrusted input)',
    default: 1_048_576,
  },
  {
    key: 'watch',
    configKey: 'watch',
    flag: '--watch',
    env: 'WATCH',
    description:
      'follow edits of the contract file as the server runs, keeping the state (a broken edit keeps the last ' +
      'good contract)',
    default: false,
  },
  {
    key: 'keysFile',
    configKey: 'keys',
    flag: '-k, --keys <file>',
    env: 'KEYS_FILE',
    description: 'keys file: accounts, projects and their API keys',
  },
  {
    key: 'seedFile',
    configKey: 'seed',
    flag: '--seed <file>',
    env: 'SEED_FILE',
    description: 'chatbots to start with, per project, and to return to on reset',
  },
  {
    key: 'scenariosFile',
    configKey: 'scenarios',
    flag: '--scenarios <file>',
    env: 'SCENARIOS_FILE',
    description: "your own scenarios (scenarios.yaml: its shape is the package's scenarios.schema.json)",
  },
  {
    key: 'scenario',
    configKey: 'scenario',
    flag: '--scenario <name>',
    env: 'SCENARIO',
    description: 'start in this scenario, and return to it on reset: empty, full-account, flaky, slow, or your own',
  },
  {
    key: 'dataFile',
    configKey: 'dataFile',
    flag: '--data-file <file>',
    env: 'DATA_FILE',
    description: 'keep the state in this SQLite file across restarts (one server per file)',
  },
  {
    key: 'databaseUrl',
    configKey: 'databaseUrl',
    flag: '--database-url <url>',
    env: 'DATABASE_URL',
    description: 'keep the state in PostgreSQL, shared by every server on it',
  },
  {
    key: 'adminToken',
    configKey: 'adminToken',
    flag: '--admin-token <token>',
    env: 'ADMIN_TOKEN',
    description: 'protect /__admin with this bearer token',
  },
  {
    key: 'allowedHosts',
    configKey: 'allowedHosts',
    flag: '--allowed-host <hosts>',
    env: 'ALLOWED_HOSTS',
    description:
      'more Host names the admin API answers, comma-separated or the flag repeated (the bound address, localhost ' +
      'and IP addresses always are)',
  },
  {
    key: 'delay',
    configKey: 'delay',
    flag: '--delay <ms|min-max>',
    env: 'DELAY',
    description: 'delay every /api answer by MS milliseconds, or by a random time from MIN to MAX',
  },
  {
    key: 'faultRate',
    configKey: 'faultRate',
    flag: '--fault-rate <rate>',
    env: 'FAULT_RATE',
    description: 'fail this fraction of /api requests, from 0 (none) to 1 (all)',
  },
  {
    key: 'maxChatbotsPerAccount',
    configKey: 'maxChatbotsPerAccount',
    flag: '--max-chatbots-per-account <n>',
    env: 'MAX_CHATBOTS_PER_ACCOUNT',
    description:
      "the most chatbots an account may hold, and records of one of the contract's other collections " +
      "(default: the contract's, 10000)",
  },
  {
    key: 'maxRecordsPerAccount',
    configKey: 'maxRecordsPerAccount',
    flag: '--max-records-per-account <n>',
    env: 'MAX_RECORDS_PER_ACCOUNT',
    description:
      "the most records of the contract's other resources an account may hold in all its collections " +
      '(default: ten times --max-chatbots-per-account)',
  },
  {
    key: 'maxRecords',
    configKey: 'maxRecords',
    flag: '--max-records <n>',
    env: 'MAX_RECORDS',
    description:
      "the most records the server holds in all its accounts, chatbots and the records of the contract's other " +
      'resources together (default: 1000000)',
  },
  {
    key: 'validateResponses',
    configKey: 'validateResponses',
    flag: '--no-validate-responses',
    env: 'VALIDATE_RESPONSES',
    description: 'do not check responses against openapi.yaml (faster)',
    default: true,
  },
  {
    key: 'quiet',
    configKey: 'quiet',
    flag: '-q, --quiet',
    env: 'QUIET',
    description: 'no log lines (the banner still prints: the address and the demo keys)',
    default: false,
  },
  {
    key: 'logFormat',
    configKey: 'logFormat',
    flag: '--log-format <format>',
    env: 'LOG_FORMAT',
    description: 'one line per request (pretty) or JSON lines (default: pretty on a terminal, JSON otherwise)',
  },
];

/** Whether the row sets an option of runServe and runMock (the others are the command line's own). */
export function isServerOption(key: CliSetting['key']): key is CheckedOption {
  return key !== 'quiet' && key !== 'logFormat' && key !== 'dynamic' && key !== 'maxResponseBytes';
}

/** What a setting allows, in words. */
export function allowedOf(setting: CliSetting): string {
  if (setting.key === 'quiet' || setting.key === 'dynamic') return 'true or false';
  if (setting.key === 'logFormat') return 'pretty or json';
  if (setting.key === 'maxResponseBytes') return MAX_RESPONSE_BYTES_ALLOWED;
  return OPTION_RULES[setting.key].allowed;
}

/** A flag that takes no value (--quiet, --no-validate-responses): its variable is read by hand. */
export function isSwitch(setting: CliSetting): boolean {
  return !setting.flag.includes('<');
}
