// The settings each command other than `serve` takes: some of serve's rows (src/cli/settings.ts), each described
// as that command uses it, and rows of its own; and every row once, the config file's known keys.
import { DEFAULT_MAX_RESPONSE_BYTES } from '../verify/answerCap.js';
import { SERVE_SETTINGS, type CliSetting } from './settings.js';

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
    allowedHosts: '',
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
