// Why a peer grades an edit of the corpus otherwise than the corpus does (test/diff/peers.ts writes each beside it):
// for oasdiff, the edit's own note; for the others, the cause, found by the edit's rule and what the peer said.
import type { Edit } from './corpus/corpus.js';

type Said = 'breaking' | 'warning' | 'info' | 'none';
type Reason = [peer: 'Atlassian openapi-diff' | 'Optic' | 'both', when: RegExp, said: 'breaks' | 'safe', why: string];

const REASONS: Reason[] = [
  [
    'Atlassian openapi-diff',
    /enum|nullable|format|pattern|constraint/,
    'safe',
    'Its schema comparison (json-schema-diff) does not read enum, nullable, format, pattern or multipleOf.',
  ],
  ['both', /api-security/, 'safe', 'It does not compare security requirements or schemes.'],
  ['both', /api-base-path|api-limit|size-limit/, 'safe', "It does not read servers or this contract's own x- limits."],
  ['both', /api-removed-with-deprecation/, 'breaks', 'It does not read deprecation: any removal breaks.'],
  ['both', /response-non-success-status-removed/, 'breaks', 'It grades any response removed breaking, an error too.'],
  ['Atlassian openapi-diff', /parameter/, 'safe', 'It does not compare parameters.'],
  ['Atlassian openapi-diff', /response-property-(type|became-nullable)/, 'safe', 'It does not compare headers.'],
  ['Atlassian openapi-diff', /request-body-became-required/, 'safe', 'It does not read whether a body is required.'],
  ['Atlassian openapi-diff', /request-body-added-optional/, 'breaks', 'It grades any new request body breaking.'],
  [
    'Atlassian openapi-diff',
    /request-body-removed|request-body-media-type-removed/,
    'safe',
    'It grades a body or media type no longer read as safe; a client that sends it is refused.',
  ],
  [
    'Atlassian openapi-diff',
    /new-optional-request-property/,
    'breaks',
    'As a set difference, the new schema refuses `b: "text"`, which the old open object let in; no client of the ' +
      'old contract sends a property it was not told of, so the corpus follows oasdiff.',
  ],
  [
    'Atlassian openapi-diff',
    /response-optional-property-added/,
    'breaks',
    'As a set difference, Chatbot may now send a property it ruled out; the corpus follows oasdiff, for which a ' +
      'documented addition is how an answer grows.',
  ],
  [
    'Atlassian openapi-diff',
    /response-optional-property-removed/,
    'safe',
    'It reads the property as no longer sent; the object still lets unnamed ones in, under any type.',
  ],
  [
    'Optic',
    /length|-max-|-min-|items|size-limit|additional-properties|constraint|format|pattern|enum-removed|removed-refused/,
    'safe',
    'Its breaking-changes standard has no rule for limits, formats, patterns, multipleOf, unnamed properties or ' +
      'this contract’s size limits.',
  ],
  [
    'Optic',
    /type-generalized|type-specialized|one-of|any-of|all-of/,
    'breaks',
    'It grades the change breaking whichever side of the wire it is on; on this side it lets through more (a ' +
      'request) or less (an answer), which breaks no client.',
  ],
  [
    'Optic',
    /one-of|any-of/,
    'safe',
    'It does not judge alternatives by what they let through: a new one in an answer, or one gone from a request, ' +
      'breaks a client.',
  ],
  [
    'Optic',
    /rewritten/,
    'breaks',
    'It reads a schema rewritten around allOf as another schema; it lets through the same.',
  ],
  [
    'Optic',
    /parameter/,
    'safe',
    "It has no rule for a new path parameter, a parameter's serialization (style, explode) or its limits.",
  ],
  [
    'Optic',
    /response-optional-property-no-longer-sent/,
    'breaks',
    'It reads any property gone from an answer as breaking; this object sends none it does not name, so nothing ' +
      'the old contract ruled out is sent.',
  ],
  ['Optic', /request-body/, 'safe', 'It has no rule for a request body made required, added or removed.'],
  ['Optic', /header|response-property-(type|became-nullable)/, 'safe', 'It has no rule for response headers.'],
  [
    'both',
    /response-optional-property-removed/,
    'breaks',
    'It grades a property gone from an answer breaking; the object lets unnamed ones in, and the corpus warns, as ' +
      'oasdiff does.',
  ],
  ['both', /stability|sunset/, 'safe', 'It does not read x-stability-level or x-sunset.'],
  ['both', /became-not-read-only/, 'safe', 'It does not read readOnly: a property no client sent is now required.'],
  ['both', /write-only/, 'breaks', 'It does not read writeOnly: a property never sent in an answer seems lost.'],
  [
    'both',
    /media-type-name-(specialized|changed)/,
    'breaks',
    'It reads a media type renamed as one removed and one added; the new name is a kind of the old one, or the same ' +
      'with a parameter, and is read as before.',
  ],
  [
    'Atlassian openapi-diff',
    /media-type-name-generalized/,
    'safe',
    'It does not compare response media types by name: a wider one may carry another format.',
  ],
  ['Optic', /type-compatible/, 'breaks', 'It reads types strictly whatever the media type; in XML any value is text.'],
];

export function explain(peer: string, edit: Edit, said: Said): string {
  if (peer === 'oasdiff') return edit.departs ? `Why we differ: ${edit.departs}.` : '';
  const direction = said === 'breaking' ? 'breaks' : 'safe';
  const found = REASONS.find(
    ([who, when, saidHow]) =>
      (who === peer || who === 'both') && saidHow === direction && when.test(`${edit.rule ?? ''} ${edit.what}`),
  );
  return found?.[3] ?? '';
}
