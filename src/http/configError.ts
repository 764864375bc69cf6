// A server's settings that cannot be run as given (two stores at once, an
// open admin API off loopback, a contract file that cannot be read): the
// message says why.
export class ConfigError extends Error {
  override name = 'ConfigError';
}
