// Two names of a response's media type read as oasdiff reads them: `application/problem+json` is a kind of
// `application/json` (its suffix names it), and `application/json; q=1` the same type with other parameters. A media
// type removed and an equivalent one added are one media type renamed, whose schemas are compared.

interface MediaTypeName {
  type: string;
  subtype: string;
  suffix: string;
  parameters: string;
}

function parse(name: string): MediaTypeName | undefined {
  const [essence = '', ...parameters] = name.toLowerCase().split(';');
  const match = /^\s*([^/\s]+)\/([^+\s]+)(?:\+([^+\s]+))?\s*$/.exec(essence);
  if (!match) return undefined;
  const sorted = parameters
    .map((parameter) => parameter.trim())
    .filter(Boolean)
    .sort();
  return { type: match[1] ?? '', subtype: match[2] ?? '', suffix: match[3] ?? '', parameters: sorted.join(';') };
}

/** Whether every value of `narrower` is one of `wider`: the same type, or a suffixed kind of it. */
function contains(wider: MediaTypeName, narrower: MediaTypeName): boolean {
  if (wider.type !== narrower.type) return false;
  if (wider.suffix === '' && narrower.suffix === wider.subtype) return true;
  return wider.subtype === narrower.subtype && wider.suffix === narrower.suffix;
}

export type Renaming = 'parameters-changed' | 'specialized' | 'generalized';

/** How a media type was renamed, or nothing when the two names are not of one media type. */
function renaming(was: MediaTypeName, is: MediaTypeName): Renaming | undefined {
  if (!(contains(was, is) || contains(is, was))) return undefined;
  if (was.parameters !== is.parameters) return 'parameters-changed';
  return contains(was, is) ? 'specialized' : 'generalized';
}

/**
 * The media types a response no longer lists, indexed so that each one added finds the one it renames in a few
 * lookups, however many a contract lists. Each is taken once.
 */
export function removedTypes(names: Iterable<string>) {
  // Every name under a key is an equivalent of a name that looks it up there, so each lookup takes the first one not
  // yet taken: a cursor per key, and a name filed under two keys skipped where it was taken through the other.
  const byKey = new Map<string, { names: string[]; next: number }>();
  const file = (key: string, name: string) => {
    const list = byKey.get(key);
    if (list) list.names.push(name);
    else byKey.set(key, { names: [name], next: 0 });
  };
  const parsed = new Map<string, MediaTypeName>();
  for (const name of names) {
    const media = parse(name);
    if (!media) continue;
    parsed.set(name, media);
    file(`${media.type}/${media.subtype}+${media.suffix}`, name);
    if (media.suffix !== '') file(`${media.type}/+${media.suffix}`, name);
  }
  return {
    /** The one `added` renames, and how. */
    take(added: string): { name: string; how: Renaming } | undefined {
      const is = parse(added);
      if (!is) return undefined;
      // The same essence; a wider one (`x/json` for `x/problem+json`); a narrower one (`x/problem+json` for `x/json`).
      const keys = [
        `${is.type}/${is.subtype}+${is.suffix}`,
        is.suffix ? `${is.type}/${is.suffix}+` : `${is.type}/+${is.subtype}`,
      ];
      for (const key of keys) {
        const list = byKey.get(key);
        while (list && list.next < list.names.length) {
          const name = list.names[list.next++] ?? '';
          const was = parsed.get(name);
          const how = was && renaming(was, is);
          if (!how) continue;
          parsed.delete(name);
          return { name, how };
        }
      }
      return undefined;
    },
  };
}
