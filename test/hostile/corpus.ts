// The hostile-input corpus: values a careless client or an attacker sends, by the kind of field
// they are sent in. Every value listed under a kind must be refused there with a typed 4xx and
// a readable message, changing nothing. Values a kind legitimately accepts are not listed under
// it (a unit may well be named "../../etc/passwd"; an id may not).
//
// Used by e2e/hostile-input.spec.ts against every route and server action over HTTP, and by
// test/hostile/validators.test.ts against the validators directly.

const MB = 1024 * 1024;

/** U+FDFA is one character and eighteen after NFKC; 40 of them pass a 100-character limit. */
const EXPANDER = '\uFDFA';

/** Text that must be refused wherever a name or other free text is stored or searched. */
export const hostileText = {
  empty: '',
  blank: '   \t ',
  nul: 'Sales\u0000Team',
  control: 'Sales\u0007',
  lineBreak: 'Sales\nTeam',
  rtlOverride: 'Sales\u202Etxt.exe',
  isolate: 'Sales\u2066x\u2069',
  zeroWidthOnly: '\u200B\u200C\u2060',
  expanders40: EXPANDER.repeat(40),
  expanders100: EXPANDER.repeat(100),
  long10k: 'x'.repeat(10_000),
} as const;

/** Only for bodies: too large for any JSON field Arbor reads. */
export const hugeText = { long1mb: 'x'.repeat(MB) } as const;

/** Not one of Arbor's ids (26-character ULIDs), in any id position. */
export const hostileIds = {
  empty: '',
  short: 'abc',
  lowercaseUlid: '01hzy5v0a7q3m2n4p5r6s7t8v9',
  ulidWithU: '01HZY5V0A7Q3M2N4P5R6S7T8VU',
  tooLong: '01HZY5V0A7Q3M2N4P5R6S7T8V90',
  fullwidth: '０１ＨＺＹ５Ｖ０Ａ７Ｑ３Ｍ２Ｎ４Ｐ５Ｒ６Ｓ７Ｔ８Ｖ９',
  traversal: '../../../etc/passwd',
  encodedTraversal: '..%2F..%2Fetc%2Fpasswd',
  keyMaterial: 'T#01HZY5V0A7Q3M2N4P5R6S7T8V9#USER',
  nul: '01HZY5V0A7Q3M2N4P5R6S7T8V\u0000',
  rtl: '01HZY5V0A7Q3M2N4P5R6S7T8\u202EV9',
  sql: "' OR '1'='1",
  long3k: 'A'.repeat(3000),
} as const;

/** Not a version a client read (positive safe integers). */
export const hostileVersions = {
  zero: 0,
  negative: -1,
  fraction: 1.5,
  huge: 1e308,
  unsafe: 2 ** 53 + 2,
  string: '1',
  null: null,
  object: {},
} as const;

/** The same, as a query-string value. */
export const hostileVersionParams = ['', '0', '-1', '1.5', 'NaN', 'Infinity', '1e400', '0x10', '1 OR 1', 'x'.repeat(3000)] as const;

/** Page cursors Arbor never handed out (signed cursors are checked before use). */
export const hostileCursors = {
  garbage: 'not-a-cursor',
  forged: `${Buffer.from(JSON.stringify({ PK: 'T#01HZY5V0A7Q3M2N4P5R6S7T8V9', SK: 'UNIT' })).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`,
  dots: '..',
  threeParts: 'a.b.c',
  nul: 'abc\u0000.def',
  long: 'x'.repeat(5000),
} as const;

/** Not an email address that can be invited. */
export const hostileEmails = {
  empty: '',
  noAt: 'someone',
  noDomain: 'someone@',
  noLocal: '@acme.test',
  noDot: 'someone@localhost',
  nul: 'some\u0000one@acme.test',
  rtl: 'some\u202Eone@acme.test',
  zeroWidth: 'some\u200Bone@acme.test',
  spaces: 'some one@acme.test',
  long: `${'x'.repeat(10_000)}@acme.test`,
} as const;

/** Not a role. */
export const hostileRoles = ['', 'superuser', 'OWNER', 'owner ', 1, null, ['owner'], { role: 'owner' }] as const;

/** Not a boolean. */
export const hostileBooleans = ['true', 1, 0, null, 'yes'] as const;

/** Values of the wrong JSON type for any field (added to every kind's list in bodies). */
export const wrongTypes = { number: 12345, negative: -1, bool: true, null: null, array: [], object: {}, nested: { $ne: null } } as const;

/** Bodies that are not a JSON object of the route's fields. */
export const hostileBodies = {
  notJson: '{"name": ',
  trailingGarbage: '{} x',
  json5: "{name: 'x'}",
  nan: '{"expectedVersion": NaN}',
  array: '[]',
  string: '"text"',
  number: '42',
  null: 'null',
  badUtf8: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  deep: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  oneMegabyte: JSON.stringify({ padding: 'x'.repeat(MB) }),
} as const;

/** Not an email domain a connection can serve. */
export const hostileDomains = ['', 'acme', 'a..b.test', '-acme.test', `${'x'.repeat(300)}.test`, 'acme.test/evil', 'acme.test\u0000', 'ａｃｍｅ.test', '*.acme.test', 'gmail.com'] as const;

/**
 * Opaque text (an OAuth client id): any printable characters are the IdP's business, so only
 * the empty, the invisible-control and the oversized are refused.
 */
const OPAQUE_REFUSES = ['empty', 'blank', 'nul', 'control', 'lineBreak', 'long10k'];

export type FieldKind =
  | 'id' | 'name' | 'text' | 'opaque' | 'csv' | 'search' | 'email' | 'domain' | 'version' | 'versionParam' | 'cursor' | 'role' | 'boolean' | 'int';

/**
 * The hostile values of a field kind. `where` is where the value travels: URL values are kept
 * within what an HTTP server accepts in a request line (a few KB), bodies get the megabyte too.
 */
export function hostileValuesFor(kind: FieldKind, where: 'path' | 'query' | 'body'): [string, unknown][] {
  const inBody = where === 'body';
  const strings = (values: Record<string, unknown>) => Object.entries(values).filter(([, v]) => inBody || typeof v === 'string');
  const typed = inBody ? Object.entries(wrongTypes) : [];
  // An empty path segment routes elsewhere (a 404 of the router, checked too, but not this field).
  const noEmptyPath = ([, v]: [string, unknown]) => !(where === 'path' && v === '');
  switch (kind) {
    case 'id':
      return [...strings(hostileIds), ...typed].filter(noEmptyPath);
    case 'name':
    case 'text':
      return [...strings(hostileText), ...(inBody ? Object.entries(hugeText) : []), ...typed];
    case 'opaque':
      return [...strings(hostileText).filter(([k]) => OPAQUE_REFUSES.includes(k)), ...(inBody ? Object.entries(hugeText) : []), ...typed];
    case 'search':
      // A search may contain any visible or invisible character; it then matches nothing.
      return strings(hostileText).filter(([k]) => !['rtlOverride', 'isolate', 'zeroWidthOnly'].includes(k));
    case 'csv':
      return [...typed, ['over2mb', 'x'.repeat(3 * MB)]];
    case 'domain':
      return [...hostileDomains.map((v, i) => [`domain${i}`, v] as [string, unknown]).filter(noEmptyPath), ...typed];
    case 'email':
      return [...strings(hostileEmails), ...typed];
    case 'version':
      return inBody ? Object.entries(hostileVersions) : hostileVersionParams.map((v, i) => [`param${i}`, v]);
    case 'versionParam':
      return hostileVersionParams.map((v, i) => [`param${i}`, v]);
    case 'cursor':
      return strings(hostileCursors);
    case 'role':
      // A role key may travel in a path too (a custom role's): there, no empty segment either.
      return hostileRoles.map((v, i) => [`role${i}`, v] as [string, unknown]).filter(([, v]) => inBody || typeof v === 'string').filter(noEmptyPath);
    case 'boolean':
      return hostileBooleans.map((v, i) => [`bool${i}`, v] as [string, unknown]).filter(([, v]) => inBody || typeof v === 'string');
    case 'int':
      return inBody
        ? [['zero', 0], ['negative', -5], ['fraction', 2.5], ['huge', 1e308], ['string', '7'], ['null', null]]
        : [['zero', '0'], ['negative', '-5'], ['fraction', '2.5'], ['huge', '1e400'], ['word', 'seven']];
  }
}
