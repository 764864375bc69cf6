// The settings of `serve` as the command line names them: each one's flag,
// environment variable and config-file key, the option of runServe it sets,
// and its default. Their values are coerced and checked once, by the rules of
// runServe's options (src/cli/settingValues.ts), whichever of these they came
// from; quiet and the log format are the command line's own. `mock`, `proxy` and `verify` take some
// rows of their own beside serve's (src/cli/toolSettings.ts checks theirs).
import { OPTION_RULES, type CheckedOption } from '../serve/options.js';
import { DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES_ALLOWED } from '../verify/answerCap.js';

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
      'more Host names the admin API answers, comma-separated (the bound address, localhost and IP addresses ' +
      'always are)',
  },
  { key: 'delay', configKey: 'delay', flag: '--delay <ms>', env: 'DELAY', description: 'delay every /api answer' },
  {
    key: 'faultRate',
    configKey: 'faultRate',
    flag: '--fault-rate <rate>',
    env: 'FAULT_RATE',
    description: 'fail this fraction of /api requests',
  },
  {
    key: 'maxChatbotsPerAccount',
    configKey: 'maxChatbotsPerAccount',
    flag: '--max-chatbots-per-account <n>',
    env: 'MAX_CHATBOTS_PER_ACCOUNT',
    description: "the most chatbots an account may hold (default: the contract's, 10000)",
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

/**
 * The settings of `mock`: those of serve that a mock has, its own port, and whether it generates data. It takes
 * no config file (it has no state to configure); its flags and variables are serve's.
 */
const MOCK_KEYS: readonly CliSetting['key'][] = [
  'port',
  'host',
  'contractFile',
  'maxContractBytes',
  'watch',
  'keysFile',
  'adminToken',
  'allowedHosts',
  'scenariosFile',
  'scenario',
  'quiet',
  'logFormat',
];
export const MOCK_SETTINGS: readonly CliSetting[] = [
  ...SERVE_SETTINGS.filter((setting) => MOCK_KEYS.includes(setting.key)).map((setting) =>
    setting.key === 'port' ? { ...setting, default: 4011 } : setting,
  ),
  {
    key: 'dynamic',
    configKey: 'dynamic',
    flag: '-d, --dynamic',
    env: 'DYNAMIC',
    description: 'generate data from the schemas instead of serving the examples',
    default: false,
  },
];

/** The cap on what `verify` and `proxy` read of an answer: the service they judge is untrusted. */
const MAX_RESPONSE_BYTES: CliSetting = {
  key: 'maxResponseBytes',
  configKey: 'maxResponseBytes',
  flag: '--max-response-bytes <n>',
  env: 'MAX_RESPONSE_BYTES',
  description:
    'the most bytes of an answer read, as sent and decompressed; past it, reading stops and the exchange is a ' +
    'max_response_size finding (the service judged is untrusted input)',
  default: DEFAULT_MAX_RESPONSE_BYTES,
};

/** Serve's rows of the keys given, each with the description given, if any. */
const serveRows = (described: Partial<Record<CliSetting['key'], string>>): CliSetting[] =>
  SERVE_SETTINGS.filter((setting) => setting.key in described).map((setting) => ({
    ...setting,
    description: described[setting.key] || setting.description,
  }));

/** --contract as a tool that judges a service by it describes it. */
const JUDGE_BY = { contractFile: "judge by this OpenAPI file instead of the built-in contract (a branch's)" };

/** The settings of `proxy` from the table: serve's admin token (its admin API holds the traffic), the contract
 * and the cap. */
export const PROXY_SETTINGS: readonly CliSetting[] = [
  ...serveRows({
    ...JUDGE_BY,
    maxContractBytes: '',
    adminToken: 'protect /__admin/violations with this bearer token (required to bind anything but loopback)',
  }),
  MAX_RESPONSE_BYTES,
];

/** The settings of `verify` from the table. */
export const VERIFY_SETTINGS: readonly CliSetting[] = [
  ...serveRows({ ...JUDGE_BY, maxContractBytes: '' }),
  MAX_RESPONSE_BYTES,
];

/** The settings of `coverage`: the contract the journals are measured against. */
export const COVERAGE_SETTINGS = serveRows({ contractFile: 'measure against this OpenAPI file', maxContractBytes: '' });

/** The settings of `lint` from the table: the bound on the contract file read. */
export const LINT_SETTINGS: readonly CliSetting[] = serveRows({ maxContractBytes: '' });

/** Every row of every command once, by config key: the config file's known keys. */
const EVERY_ROW = [...SERVE_SETTINGS, ...MOCK_SETTINGS, ...PROXY_SETTINGS, ...VERIFY_SETTINGS];
export const ALL_SETTINGS: readonly CliSetting[] = [...new Map(EVERY_ROW.map((row) => [row.configKey, row])).values()];

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
