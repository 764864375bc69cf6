// The README's shell commands, as a test reads them: each command of a ```sh
// block (continuation lines joined, comments dropped), and the JSON block that
// follows a command, when there is one (the seed file's example).
export interface ReadmeCommand {
  text: string;
  line: number;
}

export function readmeCommands(readme: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  const lines = readme.split('\n');
  let inShell = false;
  let pending = '';
  lines.forEach((raw, index) => {
    // A fence may be indented, inside a list item.
    if (/^\s*```(sh|bash|shell)\s*$/.test(raw)) return void (inShell = true);
    if (raw.trimStart().startsWith('```')) return void (inShell = false);
    if (!inShell) return;
    const line = withoutComment(raw).trimEnd();
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    pending += line.endsWith('\\') ? `${line.slice(0, -1).trim()} ` : line.trim();
    if (!line.endsWith('\\')) {
      commands.push({ text: pending.trim(), line: index + 1 });
      pending = '';
    }
  });
  return commands;
}

/** The words of a command, as a POSIX shell splits them (quotes, no expansion). */
export function words(command: string): string[] {
  const found: string[] = [];
  for (const [, single, double, bare] of command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) {
    found.push(single ?? double?.replace(/\\(.)/g, '$1') ?? bare!);
  }
  return found;
}

/** A curl command as a fetch: its method, URL, headers and body. */
export function curlRequest(command: string): {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
} {
  const args = words(command).slice(1);
  let method: string | undefined;
  let url = '';
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-X') method = args[++index];
    else if (arg === '-H') {
      const [name, ...value] = args[++index]!.split(':');
      headers[name!.trim().toLowerCase()] = value.join(':').trim();
    } else if (arg === '-d' || arg === '--data-binary') body = args[++index];
    else if (!arg.startsWith('-')) url = arg;
  }
  return {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    url,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** The line up to a `#` that starts a comment: after white space, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (index === 0 || /\s/.test(line[index - 1]!))) {
      return line.slice(0, index);
    }
  }
  return line;
}
