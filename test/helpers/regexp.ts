// One pattern written as several, each short enough to read: their sources joined, with the flags of the first.
export function joined(...parts: RegExp[]): RegExp {
  return new RegExp(parts.map((part) => part.source).join(''), parts[0]?.flags);
}
