// What a set of checks reads (T20; docs/checks.md, "Cost and speed"): each subject's memberships
// (one strongly consistent Query per distinct subject) and, beside them in parallel, the target
// units and the role catalogue in one BatchGetItem (100 keys a request). A copy held by this
// process answers instead wherever the check's consistency accepts it (./freshness.ts), and a
// fresh read replaces it. The answer's token is the moment of the oldest read it stands on.
import 'server-only';
import type { RoleCatalogue } from '../authz';
import { batchGet, getItem, keys, type TenantDb } from '../db';
import { viewUnits } from '../org';
import { toUnit } from '../org/unit-item';
import { rememberRoleCatalogue, toRoleCatalogue } from '../roles';
import type { Accepts } from './freshness';
import { checkCaches, type CheckedUnit, type Held } from './read-cache';
import { readSubjectAccess, resolveSubject, type SubjectAccess } from './subject-access';
import type { CheckInput, Subject } from './types';

export interface CheckReads {
  /** Each input's subject as a user id of this organization; undefined: nobody here. */
  userIds: (string | undefined)[];
  subjects: Map<string, SubjectAccess>;
  units: Map<string, CheckedUnit>;
  catalogue: RoleCatalogue;
  /** When the oldest read the answers stand on began. */
  oldestReadAt: number;
}

export async function readForChecks(db: TenantDb, inputs: CheckInput[], accepts: Accepts): Promise<CheckReads> {
  const { tenantId } = db;
  const used: number[] = [];
  const use = <T>(held: Held<T>) => (used.push(held.readAt), held.value);

  // The units and the catalogue: one BatchGetItem for what no held copy may answer, sent first.
  const units = new Map<string, CheckedUnit>();
  let catalogue = checkCaches.catalogues.get(tenantId, '', accepts);
  if (catalogue) use(catalogue);
  const missing = [...new Set(inputs.map((i) => i.unitId))].filter((id) => {
    const held = checkCaches.units.get(tenantId, id, accepts);
    if (held) units.set(id, use(held));
    return !held;
  });
  const readPlaces = missing.length > 0 || !catalogue ? readUnitsAndCatalogue(db, missing, !catalogue) : undefined;

  // Beside it, the subjects: an email's or external id's user id (one lookup each, however often
  // the batch names it), then one Query per distinct person.
  const lookups = new Map<string, Promise<Held<string>>>();
  const lookUp = (subject: Exclude<Subject, { userId: string }>) => {
    const key = lookupKey(subject);
    if (!lookups.has(key)) lookups.set(key, userIdOf(db, key, subject, accepts));
    return lookups.get(key)!;
  };
  const subjects = new Map<string, SubjectAccess>();
  const readSubjects = async () => {
    const userIds = await Promise.all(inputs.map(async ({ subject }) => ('userId' in subject ? subject.userId : use(await lookUp(subject)) || undefined)));
    const distinct = [...new Set(userIds.filter((id): id is string => id !== undefined))];
    await Promise.all(distinct.map(async (userId) => subjects.set(userId, use(await heldSubjectAccess(db, userId, accepts)))));
    // An email's or external id's user id came from an index, or a copy of its answer: the
    // partition just read must still carry it (one that moved to someone else is nobody's until
    // looked up again).
    return userIds.map((userId, i) => {
      const { subject } = inputs[i];
      if (!userId || 'userId' in subject) return userId;
      const read = subjects.get(userId);
      const still = 'email' in subject ? read?.email === subject.email.trim().toLowerCase() : read?.externalId === subject.externalId;
      if (still) return userId;
      checkCaches.resolved.forget(tenantId, lookupKey(subject));
      return undefined;
    });
  };

  const [places, userIds] = await Promise.all([readPlaces, readSubjects()]);
  if (places) {
    used.push(places.readAt);
    for (const [id, unit] of places.units) {
      units.set(id, unit);
      checkCaches.units.set(tenantId, id, unit, places.readAt);
    }
    if (places.catalogue) catalogue = keepCatalogue(tenantId, { value: places.catalogue, readAt: places.readAt });
  }
  return { userIds, subjects, units, catalogue: catalogue!.value, oldestReadAt: Math.min(...used) };
}

/** The subject's memberships: this process's copy when the consistency accepts it, else one Query (kept). */
export async function heldSubjectAccess(db: TenantDb, userId: string, accepts: Accepts): Promise<Held<SubjectAccess>> {
  const held = checkCaches.subjects.get(db.tenantId, userId, accepts);
  if (held) return held;
  const access = await readSubjectAccess(db, userId);
  checkCaches.subjects.set(db.tenantId, userId, access, access.readAt);
  return { value: access, readAt: access.readAt };
}

/** The catalogue: this process's copy when the consistency accepts it, else one strongly consistent GetItem (kept). */
export async function heldCatalogue(db: TenantDb, accepts: Accepts): Promise<Held<RoleCatalogue>> {
  const held = checkCaches.catalogues.get(db.tenantId, '', accepts);
  if (held) return held;
  const readAt = Date.now();
  return keepCatalogue(db.tenantId, { value: toRoleCatalogue(await getItem(db, keys.roleCatalogue(db.tenantId))), readAt });
}

/** A catalogue just read, kept for checks and for the rest of the process (lib/roles' copy). */
function keepCatalogue(tenantId: string, read: Held<RoleCatalogue>): Held<RoleCatalogue> {
  checkCaches.catalogues.set(tenantId, '', read.value, read.readAt);
  rememberRoleCatalogue(tenantId, read.value);
  return read;
}

/** What a looked-up subject is remembered under. */
const lookupKey = (subject: Exclude<Subject, { userId: string }>) =>
  'email' in subject ? `email:${subject.email.trim().toLowerCase()}` : `externalId:${subject.externalId}`;

/**
 * The user id an email or external id names (held copy or index lookup); '' means nobody had it.
 * Nobody is never kept: the index may just not have caught up with someone added.
 */
async function userIdOf(db: TenantDb, key: string, subject: Exclude<Subject, { userId: string }>, accepts: Accepts): Promise<Held<string>> {
  const held = checkCaches.resolved.get(db.tenantId, key, accepts);
  if (held) return held;
  const readAt = Date.now();
  const userId = (await resolveSubject(db, subject)) ?? '';
  if (userId) checkCaches.resolved.set(db.tenantId, key, userId, readAt);
  return { value: userId, readAt };
}

/** The units (null where none) and, when asked, the catalogue, from one strongly consistent BatchGetItem. */
async function readUnitsAndCatalogue(db: TenantDb, unitIds: string[], withCatalogue: boolean) {
  const readAt = Date.now();
  const catalogueKey = keys.roleCatalogue(db.tenantId);
  const items = await batchGet(db, [...unitIds.map((id) => keys.unit(db.tenantId, id)), ...(withCatalogue ? [catalogueKey] : [])]);
  const catalogueItem = items.find((i) => i.PK === catalogueKey.PK && i.SK === catalogueKey.SK);
  // A unit a tree job has locked is seen as readers see it (its journal: one more read, only then).
  const seen = await viewUnits(db, items.filter((i) => i !== catalogueItem).map(toUnit));
  const byId = new Map(seen.map((u) => [u.id, u]));
  const units = new Map<string, CheckedUnit>(unitIds.map((id) => {
    const u = byId.get(id);
    return [id, u ? { id: u.id, path: u.path, name: u.name } : null];
  }));
  return { readAt, units, catalogue: withCatalogue ? toRoleCatalogue(catalogueItem) : undefined };
}
