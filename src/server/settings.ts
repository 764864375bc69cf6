// The settings of `serve`, in one table: each one's flag, environment variable,
// config-file key, allowed values and default. A value is checked by the same
// parser whether it comes from a flag, the environment, the config file or
// startServer(), so `"faultRate": 5` is refused wherever it is written.
import { parseDelay } from '../engine/steps/faults.js';

export interface ServeSettings {
  port: number;
  host: string;
  keys?: string;
  seed?: string;
  dataFile?: string;
  databaseUrl?: string;
  adminToken?: string;
  allowedHosts?: string[];
  delay?: [number, number];
  faultRate?: number;
  maxChatbotsPerAccount?: number;
  validateResponses: boolean;
  quiet: boolean;
  logFormat?: 'pretty' | 'json';
}

export class SettingError extends Error {
  override name = 'SettingError';
}

export interface Setting<K extends keyof ServeSettings = keyof ServeSettings> {
  key: K;
  /** Commander's flag syntax. */
  flag: string;
  env?: string;
  description: string;
  /** What the parser accepts, for messages. */
  allowed: string;
  /** From a flag or variable (a string) or from JSON and code (a typed value). */
  parse(value: unknown): ServeSettings[K];
  default?: ServeSettings[K];
}

const text = (value: unknown): string => {
  if (typeof value !== 'string' || value.trim() === '') throw new SettingError('');
  return value;
};

function port(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > 65535) throw new SettingError('');
  return number;
}

function rate(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !(number >= 0 && number <= 1)) throw new SettingError('');
  return number;
}

function delay(value: unknown): [number, number] {
  if (Array.isArray(value) && value.length === 2) return parseDelay(`${value[0]}-${value[1]}`);
  if (typeof value === 'number' || typeof value === 'string') return parseDelay(String(value));
  throw new SettingError('');
}

function postgresUrl(value: unknown): string {
  if (typeof value !== 'string' || !/^postgres(ql)?:\/\/\S+$/.test(value.trim())) throw new SettingError('');
  return value.trim();
}

function hosts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  const names = list?.map((host) => (typeof host === 'string' ? host.trim().toLowerCase() : ''));
  if (!names || names.length === 0 || names.some((host) => !/^[a-z0-9.-]+$/.test(host))) throw new SettingError('');
  return names;
}

function count(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) throw new SettingError('');
  return number;
}

function boolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  throw new SettingError('');
}

function logFormat(value: unknown): 'pretty' | 'json' {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (word !== 'pretty' && word !== 'json') throw new SettingError('');
  return word;
}

export const SERVE_SETTINGS: readonly Setting[] = [
  { key: 'port', flag: '-p, --port <number>', env: 'PORT', description: 'port to listen on', allowed: 'a port number from 0 to 65535', parse: port, default: 4010 },
  { key: 'host', flag: '--host <address>', env: 'HOST', description: 'address to bind', allowed: 'an address', parse: text, default: '127.0.0.1' },
  { key: 'keys', flag: '-k, --keys <file>', env: 'KEYS_FILE', description: 'keys file: accounts, projects and their API keys', allowed: 'a file path', parse: text },
  { key: 'seed', flag: '--seed <file>', env: 'SEED_FILE', description: 'chatbots to start with, per project, and to return to on reset', allowed: 'a file path', parse: text },
  { key: 'dataFile', flag: '--data-file <file>', env: 'DATA_FILE', description: 'keep the state in this SQLite file across restarts (one server per file)', allowed: 'a file path', parse: text },
  { key: 'databaseUrl', flag: '--database-url <url>', env: 'DATABASE_URL', description: 'keep the state in PostgreSQL, shared by every server on it', allowed: 'a postgres:// or postgresql:// URL', parse: postgresUrl },
  { key: 'adminToken', flag: '--admin-token <token>', env: 'ADMIN_TOKEN', description: 'protect /__admin with this bearer token', allowed: 'a token', parse: text },
  { key: 'allowedHosts', flag: '--allowed-host <hosts>', env: 'ALLOWED_HOSTS', description: 'more Host names the admin API answers, comma-separated (the bound address, localhost and IP addresses always are)', allowed: 'host names, comma-separated', parse: hosts },
  { key: 'delay', flag: '--delay <ms>', env: 'DELAY', description: 'delay every /api answer', allowed: 'MS or MIN-MAX milliseconds', parse: delay },
  { key: 'faultRate', flag: '--fault-rate <rate>', env: 'FAULT_RATE', description: 'fail this fraction of /api requests', allowed: 'a fraction from 0 to 1', parse: rate },
  { key: 'maxChatbotsPerAccount', flag: '--max-chatbots-per-account <n>', env: 'MAX_CHATBOTS_PER_ACCOUNT', description: 'the most chatbots an account may hold (default: the contract\'s, 10000)', allowed: 'a whole number from 1', parse: count },
  { key: 'validateResponses', flag: '--no-validate-responses', env: 'VALIDATE_RESPONSES', description: 'do not check responses against openapi.yaml (faster)', allowed: 'true or false', parse: boolean, default: true },
  { key: 'quiet', flag: '-q, --quiet', env: 'QUIET', description: 'no log lines (the banner still prints: the address and the demo keys)', allowed: 'true or false', parse: boolean, default: false },
  { key: 'logFormat', flag: '--log-format <format>', env: 'LOG_FORMAT', description: 'one line per request (pretty) or JSON lines (default: pretty on a terminal, JSON otherwise)', allowed: 'pretty or json', parse: logFormat },
];

export function settingOf(key: string): Setting | undefined {
  return SERVE_SETTINGS.find((setting) => setting.key === key);
}

/** The value, parsed; a SettingError names where it came from and what is allowed. */
export function checkSetting<K extends keyof ServeSettings>(key: K, value: unknown, source: string): ServeSettings[K] {
  const setting = settingOf(key) as Setting<K>;
  try {
    return setting.parse(value);
  } catch {
    throw new SettingError(`${source}: expected ${setting.allowed}, not ${JSON.stringify(value)}`);
  }
}
