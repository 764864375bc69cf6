// The "Try:" lines of a banner: curl commands to paste. The address comes
// from the contract (its base path), which may be a contract under review: it
// is quoted for sh, as every replay is. A keys file's key stays "$API_KEY",
// which only double quotes expand.
import { shellQuote } from '../untrusted/shellQuote.js';

export function tryLines(url: string, demoKey: string | undefined, withCreate: boolean): string[] {
  const auth = demoKey ? shellQuote(`Authorization: Bearer ${demoKey}`) : '"Authorization: Bearer $API_KEY"';
  const chatbots = shellQuote(`${url}/chatbots`);
  return [
    'Try:',
    ...(withCreate
      ? [
          `  curl -s -X POST ${chatbots} -H ${auth} -H 'Content-Type: application/json' -d '{"name":"Support ` +
            `Assistant","settings":{"theme":"dark"}}'`,
        ]
      : []),
    `  curl -s ${chatbots} -H ${auth}`,
  ];
}
