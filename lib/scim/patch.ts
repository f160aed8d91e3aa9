// PATCH (RFC 7644 §3.5.2) of a User through SCIMMY's PatchOp, after fixing what real clients
// send: Entra ID capitalises ops ("Replace"), sends booleans as "True"/"False", a manager as a
// bare id, core attributes under the core schema URN, and path-less replaces whose keys are
// dotted ("name.familyName") or extension URNs; Okta sends path-less `{ "active": false }`.
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, scimmy, USER_SCHEMA } from './protocol';
import { badSyntax, badValue } from './protocol-errors';
import { asBoolean, asManager, type DirectoryUser } from './user-resource';
import { canonicalPath, canonicalValue, withoutNulls } from './attribute-names';

export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

const MAX_OPERATIONS = 1000;

/** The body's operations, checked for shape (schemas, an array of ops with a known verb). */
export function readPatchBody(body: unknown): PatchOperation[] {
  const b = body as { schemas?: unknown; Operations?: unknown; operations?: unknown } | null;
  if (!b || typeof b !== 'object') throw badSyntax('The body must be a PatchOp message.');
  const ops = b.Operations ?? b.operations;
  if (!Array.isArray(b.schemas) || !b.schemas.includes(PATCH_SCHEMA)) throw badSyntax(`schemas must be ["${PATCH_SCHEMA}"].`);
  if (!Array.isArray(ops) || ops.length === 0) throw badValue('Operations must list at least one operation.');
  if (ops.length > MAX_OPERATIONS) throw badValue(`At most ${MAX_OPERATIONS} operations per request.`);
  return ops.map((o, i) => {
    if (!o || typeof o !== 'object' || typeof (o as PatchOperation).op !== 'string') throw badValue(`Operation ${i + 1} needs an op.`);
    const op = (o as PatchOperation).op.toLowerCase();
    if (!['add', 'remove', 'replace'].includes(op)) throw badSyntax(`Operation ${i + 1}: "${String((o as PatchOperation).op).slice(0, 20)}" is not add, remove or replace.`);
    const path = (o as PatchOperation).path;
    if (path !== undefined && (typeof path !== 'string' || path.length > 500)) throw badValue(`Operation ${i + 1} has an invalid path.`);
    return { op, path: path?.trim() || undefined, value: (o as PatchOperation).value };
  });
}

const CORE_PREFIX = `${USER_SCHEMA}:`.toLowerCase();
const ENTERPRISE_PREFIX = `${ENTERPRISE_SCHEMA}:`.toLowerCase();

function fixPath(path: string): string {
  const lower = path.toLowerCase();
  return lower.startsWith(CORE_PREFIX) ? path.slice(CORE_PREFIX.length) : path;
}

function fixValue(path: string | undefined, value: unknown): unknown {
  if (!path) return value;
  const last = path.toLowerCase().split(/[.:]/).at(-1) ?? '';
  if (last === 'active' || last === 'primary') return asBoolean(value);
  if (last === 'manager' && path.toLowerCase().startsWith(ENTERPRISE_PREFIX)) return asManager(value);
  return value;
}

const userDefinition = () => scimmy().Schemas.User.definition;

/** Entra's and Okta's shapes as the RFC's: one operation per path, names as declared, values typed. */
function normalize(ops: PatchOperation[]): PatchOperation[] {
  const definition = userDefinition();
  return ops.flatMap((o) => {
    if (o.path) return operationsOn(o.op, canonicalPath(definition, o.path), o.value);
    if (o.value && typeof o.value === 'object' && !Array.isArray(o.value)) {
      // A path-less add/replace: each key is a path of its own ("name.givenName", an extension URN).
      return Object.entries(o.value as Record<string, unknown>).flatMap(([key, value]): PatchOperation[] => {
        if (key.toLowerCase() === 'id' || key.toLowerCase() === 'schemas') return [];
        return operationsOn(o.op, canonicalPath(definition, key), value);
      });
    }
    return [o];
  });
}

/**
 * One operation on one target. RFC 7643 §2.5: null is unassigned, so a replace with null, or with
 * a complex value some of whose members are null, removes what is null; an add of null adds nothing.
 * A whole extension's value is taken member by member, like a path-less operation's.
 */
function operationsOn(op: string, target: ReturnType<typeof canonicalPath>, raw: unknown): PatchOperation[] {
  const path = fixPath(target.path);
  if (op === 'remove') return [{ op, path, value: raw }];
  if (raw === null) return op === 'replace' ? [{ op: 'remove', path }] : [];
  const value = canonicalValue(target.node, raw);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [{ op, path, value: fixValue(path, withoutNulls(value)) }];
  const extension = target.node instanceof scimmy().Types.SchemaDefinition;
  const entries = Object.entries(value as Record<string, unknown>);
  const member = (key: string) => (extension ? `${path}:${key}` : `${path}.${key}`);
  if (extension) return entries.flatMap(([key, v]) => operationsOn(op, canonicalPath(userDefinition(), member(key)), v));
  const cleared = entries.filter(([, v]) => v === null).map(([key]): PatchOperation => ({ op: 'remove', path: member(key) }));
  const kept = entries.filter(([, v]) => v !== null);
  if (kept.length === 0 && cleared.length > 0) return op === 'replace' ? cleared : [];
  return [{ op, path, value: fixValue(path, withoutNulls(Object.fromEntries(kept))) }, ...(op === 'replace' ? cleared : [])];
}

const TYPED_VALUE = /^emails\[\s*type\s+eq\s+"([^"]+)"\s*\]\.value$/i;

/**
 * Entra sets `emails[type eq "work"].value` whether or not the user has a work address yet; the
 * RFC's filter would match nothing (400 noTarget), so a missing one is added instead.
 */
function addressOfType(o: PatchOperation, user: DirectoryUser): PatchOperation {
  const type = o.path?.match(TYPED_VALUE)?.[1];
  if (!type || o.op === 'remove' || typeof o.value !== 'string') return o;
  const emails = (user.resource.emails as { type?: string; primary?: boolean }[] | undefined) ?? [];
  if (emails.some((e) => e?.type === type)) return o;
  return { op: 'add', path: 'emails', value: [{ type, value: o.value, ...(emails.some((e) => e?.primary) ? {} : { primary: true }) }] };
}

/** The user after the operations, as SCIM JSON; undefined when nothing changed. */
export async function applyUserPatch(user: DirectoryUser, body: unknown): Promise<Record<string, unknown> | undefined> {
  const ops = normalize(readPatchBody(body)).map((o) => addressOfType(o, user));
  const SCIMMY = scimmy();
  const hasExt = Boolean(user.resource[ENTERPRISE_SCHEMA]) || ops.some((o) => o.path?.toLowerCase().startsWith(ENTERPRISE_PREFIX));
  const current = new SCIMMY.Schemas.User({ schemas: [USER_SCHEMA, ...(hasExt ? [ENTERPRISE_SCHEMA] : [])], id: user.userId, ...user.resource }, 'in');
  const message = new SCIMMY.Messages.PatchOp({ schemas: [PATCH_SCHEMA], Operations: ops as NonNullable<ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0]>["Operations"] });
  const patched = await message.apply(current);
  return patched ? (JSON.parse(JSON.stringify(patched)) as Record<string, unknown>) : undefined;
}
