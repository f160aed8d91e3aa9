// SCIM User JSON ↔ Arbor's DirectoryUser, at the boundary.
//
// In: what real clients send is normalized first (Entra ID sends `"active": "False"` and a
// manager as a bare id; both send schema URIs of their own), then SCIMMY checks it against the
// User schema with the enterprise extension. Every text that becomes key material is bounded by
// its bytes (userName and externalId are index sort keys).
// Out: the stored attributes plus id, meta (with the item's version as a weak ETag) and the
// person's groups, shaped by SCIMMY, which applies `attributes` / `excludedAttributes`.
import 'server-only';
import { validateEmail, validateName } from '../validation';
import { badValue } from './protocol-errors';
import { ENTERPRISE_SCHEMA, scimBaseUrl, scimmy, USER_SCHEMA } from './protocol';
import { attributeFilter, extensionSelection, type AttributeSelection } from './attribute-selection';
import { nameKey } from './user-item';
import { weakEtag } from './preconditions';
import { canonicalResource, withoutNulls } from './attribute-names';

export interface DirectoryUser {
  userId: string;
  userName: string;
  externalId?: string;
  active: boolean;
  /** The address Arbor knows the person by (their identity, P3). */
  email: string;
  /** Every email the directory lists, lower-cased: what `emails.value` filters match. */
  emails: string[];
  displayName: string;
  department?: string;
  managerId?: string;
  /** The SCIM attributes as stored (id, meta and schemas are added on the way out). */
  resource: Record<string, unknown>;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** A delete has begun (./delete-user.ts): the person is no longer provisioned. */
  deleting?: true;
}

/** What a request body says about a user, checked. */
export type UserInput = Omit<DirectoryUser, 'userId' | 'version' | 'createdAt' | 'updatedAt' | 'deleting'>;

/** Bytes a userName or externalId may take: far inside DynamoDB's 1,024-byte sort key. */
export const KEY_TEXT_MAX_BYTES = 512;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** Bytes of a text as an index sort key holds it (its NFKC, lower-cased form can be far longer). */
export const keyBytes = (s: string) => Math.max(bytes(s), bytes(nameKey(s)));
/** What one stored User may hold: far inside DynamoDB's 400 KB item, with room for its copies. */
const MAX_RESOURCE_BYTES = 64 * 1024;

const KNOWN_SCHEMAS = new Set([USER_SCHEMA, ENTERPRISE_SCHEMA].map((s) => s.toLowerCase()));
const BOOLEAN_TEXT = /^(true|false)$/i;

/** Entra's "True"/"False" as booleans. */
export const asBoolean = (v: unknown) => (typeof v === 'string' && BOOLEAN_TEXT.test(v) ? v.toLowerCase() === 'true' : v);

/** A manager sent as a bare id (Entra) becomes the schema's `{ value }`. */
export const asManager = (v: unknown) => (typeof v === 'string' ? (v ? { value: v } : undefined) : v);

/**
 * Drops what only the client knows (schema URIs of its own and their attribute blocks, id and
 * meta, which the server owns) and fixes the value shapes real clients send. Names are already
 * spelled as declared (./attribute-names.ts).
 */
function normalizeUserBody(raw: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const lower = key.toLowerCase();
    if (lower === 'id' || lower === 'meta' || lower === 'groups') continue;
    if (lower === 'schemas') continue;
    if (key.startsWith(`${ENTERPRISE_SCHEMA}:`)) {
      body[key] = key === `${ENTERPRISE_SCHEMA}:manager` ? asManager(value) : value;
      continue;
    }
    if (lower.startsWith('urn:') || lower.startsWith('http')) {
      if (key !== ENTERPRISE_SCHEMA || typeof value !== 'object' || value === null) continue;
      const ext = { ...(value as Record<string, unknown>) };
      if ('manager' in ext) ext.manager = asManager(ext.manager);
      body[ENTERPRISE_SCHEMA] = ext;
      continue;
    }
    body[key] = lower === 'active' ? asBoolean(value) : value;
  }
  if (Array.isArray(body.emails)) body.emails = body.emails.map((e) => (e && typeof e === 'object' ? { ...e, primary: asBoolean((e as Record<string, unknown>).primary) } : e));
  const hasExt = Object.keys(body).some((k) => k.startsWith(ENTERPRISE_SCHEMA));
  const schemas = [USER_SCHEMA, ...(hasExt ? [ENTERPRISE_SCHEMA] : [])];
  return { schemas, ...body };
}

type Email = { value?: string; type?: string; primary?: boolean };

/** Checks a whole User (POST, PUT, or the result of a PATCH) and reads Arbor's fields from it. */
export function readUserInput(raw: unknown): UserInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badValue('The body must be a SCIM User object.');
  const SCIMMY = scimmy();
  // Names in any case (RFC 7643 §2.1) and null as unassigned (§2.5): what is unset is left out.
  const sent = canonicalResource(SCIMMY.Schemas.User.definition, withoutNulls(raw) as Record<string, unknown>);
  const body = normalizeUserBody(sent);
  const schemas = (raw as { schemas?: unknown }).schemas;
  if (Array.isArray(schemas) && !schemas.some((s) => typeof s === 'string' && KNOWN_SCHEMAS.has(s.toLowerCase()))) {
    throw badValue(`schemas must include ${USER_SCHEMA}.`);
  }
  const user = JSON.parse(JSON.stringify(new SCIMMY.Schemas.User(body, 'in'))) as Record<string, unknown>;
  delete user.meta;
  delete user.schemas;

  const userName = typeof user.userName === 'string' ? user.userName.trim() : '';
  if (!userName) throw badValue('userName is required.');
  if (keyBytes(userName) > KEY_TEXT_MAX_BYTES) throw badValue(`userName is longer than ${KEY_TEXT_MAX_BYTES} bytes.`);
  const externalId = typeof user.externalId === 'string' && user.externalId ? user.externalId : undefined;
  if (externalId && keyBytes(externalId) > KEY_TEXT_MAX_BYTES) throw badValue(`externalId is longer than ${KEY_TEXT_MAX_BYTES} bytes.`);

  const listed = ((user.emails as (Email | null)[] | undefined) ?? []).filter((e): e is Email => Boolean(e && typeof e === 'object' && typeof e.value === 'string' && e.value));
  const chosen = listed.find((e) => e.primary) ?? listed.find((e) => e.type === 'work') ?? listed[0];
  const emailText = chosen?.value ?? (userName.includes('@') ? userName : undefined);
  if (!emailText) throw badValue('Arbor needs an email address: send emails, or a userName that is one.');
  let email: string;
  try {
    email = validateEmail(emailText);
  } catch {
    throw badValue(`"${emailText.slice(0, 80)}" is not an email address Arbor can use.`);
  }
  const emails = [...new Set([email, ...listed.map((e) => e.value!.trim().toLowerCase())])].filter((e) => bytes(e) <= 254);

  const name = (user.name ?? {}) as { formatted?: string; givenName?: string; familyName?: string };
  const displayName = firstText(user.displayName, name.formatted, [name.givenName, name.familyName].filter(Boolean).join(' '), email);
  if (bytes(JSON.stringify(user)) > MAX_RESOURCE_BYTES) throw badValue(`A User may hold at most ${MAX_RESOURCE_BYTES / 1024} KB of attributes.`);
  const ext = (user[ENTERPRISE_SCHEMA] ?? {}) as { department?: string; manager?: { value?: string } };
  return {
    userName,
    ...(externalId ? { externalId } : {}),
    active: user.active !== false,
    email,
    emails,
    displayName: personName(displayName, email),
    ...(ext.department ? { department: ext.department } : {}),
    ...(ext.manager?.value ? { managerId: ext.manager.value } : {}),
    resource: { ...user, active: user.active !== false },
  };
}

/** The name Arbor shows: the directory's when it reads as a name, else the address. */
function personName(text: string, email: string): string {
  try {
    return validateName([...text].slice(0, 100).join(''), 'user');
  } catch {
    return email;
  }
}

function firstText(...candidates: unknown[]): string {
  for (const c of candidates) if (typeof c === 'string' && c.trim()) return c.trim();
  return '';
}

const userLocation = (userId: string) => `${scimBaseUrl()}/Users/${userId}`;

/** The SCIM User a client reads, with only the attributes it asked for. */
export function userResource(u: DirectoryUser, groups: { groupId: string; displayName: string }[] | undefined, select: AttributeSelection = {}): Record<string, unknown> {
  const SCIMMY = scimmy();
  const hasExt = Boolean(u.resource[ENTERPRISE_SCHEMA]);
  const full = {
    schemas: [USER_SCHEMA, ...(hasExt ? [ENTERPRISE_SCHEMA] : [])],
    id: u.userId,
    ...u.resource,
    ...(groups && groups.length > 0 ? { groups: groups.map((g) => ({ value: g.groupId, display: g.displayName, $ref: `${scimBaseUrl()}/Groups/${g.groupId}`, type: 'direct' })) } : {}),
    meta: { resourceType: 'User', created: u.createdAt, lastModified: u.updatedAt, location: userLocation(u.userId), version: weakEtag(u.version) },
  };
  const shaped = JSON.parse(JSON.stringify(new SCIMMY.Schemas.User(full, 'out', `${scimBaseUrl()}/Users`, attributeFilter(select)))) as Record<string, unknown>;
  const extension = extensionSelection(select, ENTERPRISE_SCHEMA, u.resource[ENTERPRISE_SCHEMA] as Record<string, unknown> | undefined);
  delete shaped[ENTERPRISE_SCHEMA];
  return { schemas: full.schemas, id: u.userId, ...shaped, ...(extension ? { [ENTERPRISE_SCHEMA]: extension } : {}) };
}
