// Drafting a change set: create it, add operations (each with the facts of the live tree it was
// drafted on), drop or re-confirm one, rename, delete. Whoever adds, drops or re-confirms an
// operation must be able to draft it: administer what it changes on their side (the unit moved,
// the person's current unit); the other side of a move only needs to be visible to them, and its
// administrators approve. Every write is conditioned on the set's version.
import 'server-only';
import { ulid } from 'ulid';
import { actorIdentity, keys, transaction, GUARD_ITEMS, MAX_TRANSACTION_ITEMS, type AuditActor, type TenantDb } from '../db';
import { attachCatalogue, authorize as decide, type ActorAccess, type Authorize, type CustomRole, type UnitRef } from '../authz';
import { readRoleCatalogue } from '../roles';
import { validateLabel } from '../validation/label';
import { validateNote } from '../validation/note';
import { OPERATIONS_EDITABLE, opItemOf, type ChangeSet, type ChangeSetHeader, type DraftedOperation, type OperationBasis } from './change-set-item';
import { badChangeSetName, badDescription, badOperation, notEditable, operationNotFound, tooManyOperations } from './errors';
import { toOperation, unitsNamed, type Operation, type Role } from './operations';
import { basisOf, headerChanged, headerPut, readBasis, readChangeSet, setAudit } from './store';

export const MAX_OPERATIONS = 2000;
export const DESCRIPTION_MAX = 1000;

export interface ChangeSetDetails {
  name: string;
  description?: string;
}

function validateDetails(input: Partial<ChangeSetDetails>): ChangeSetDetails {
  const name = validateLabel(input?.name, badChangeSetName);
  const description = validateNote(input.description, DESCRIPTION_MAX, () => badDescription(DESCRIPTION_MAX));
  return { name, description };
}

/** A new set's header, not stored yet (version 0: its first write stores version 1). */
export function newHeader(actor: AuditActor, input: ChangeSetDetails & { revertOf?: string }): ChangeSetHeader {
  const details = validateDetails(input);
  const now = new Date().toISOString();
  return {
    setId: ulid(), name: details.name, description: details.description ?? '', status: 'draft', author: actorIdentity(actor),
    createdAt: now, updatedAt: now, version: 0, opsVersion: 1, nextSeq: 1, opCount: 0, areas: [],
    ...(input.revertOf ? { revertOf: input.revertOf } : {}),
  };
}

const creationAudit = (db: TenantDb, actor: AuditActor, header: ChangeSetHeader) =>
  setAudit(db, actor, 'changeSet.create', header, header.revertOf ? { revertOf: header.revertOf } : undefined);

export async function createChangeSet(db: TenantDb, actor: AuditActor, input: ChangeSetDetails): Promise<ChangeSetHeader> {
  const header = { ...newHeader(actor, input), version: 1 };
  await transaction(db).add(headerPut(db, header)).add(creationAudit(db, actor, header)).send();
  return header;
}

export async function updateDetails(db: TenantDb, actor: AuditActor, setId: string, expectedVersion: number, input: ChangeSetDetails): Promise<ChangeSetHeader> {
  const details = validateDetails(input);
  const { header } = await readChangeSet(db, setId);
  const next = { ...header, name: details.name, description: details.description ?? '', version: expectedVersion + 1, updatedAt: new Date().toISOString() };
  await transaction(db).add(headerPut(db, next, expectedVersion), headerChanged).add(setAudit(db, actor, 'changeSet.update', next, { name: next.name })).send();
  return next;
}

/**
 * Who drafts: their identity and access; through an entry point also its `authorize`, which binds
 * each decision's facts (the author's granting membership, the units' paths, a membership's role)
 * into the write that records the operations.
 */
export type Drafter = AuditActor & { access: ActorAccess; authorize?: Authorize };

/**
 * Refuses an operation its author may not draft (see the header). A unit the set creates is
 * decided at its nearest existing ancestor: power there is power over what is created below it.
 * Custom roles an operation gives or takes away (a member moved carries theirs; a removal takes
 * them; a revert's addMember gives them back) are each decided as `role.assign`, as giving or
 * taking them directly would be; a key the catalogue no longer has is not given (dropped when
 * applied) and grants nothing. `catalogue` is read whenever an operation carries custom roles
 * (`catalogueNeeded`) and is on the actor's access.
 */
function authorizeOperation(actor: Drafter, op: Operation, createdParent: Map<string, string>, basis: OperationBasis) {
  const authorize: Authorize = actor.authorize ?? ((action, place) => decide(actor.access, action, place));
  const live = (id: string): UnitRef => {
    for (let at: string | undefined = id, n = 0; at && n <= MAX_OPERATIONS; at = createdParent.get(at), n++) {
      const u = basis.units[at];
      if (u) return { id: at, path: u.path, name: u.name };
    }
    throw badOperation('An operation names a unit that does not exist (or that this set does not create before it).');
  };
  const created = (id: string) => createdParent.has(id);
  const held = (unitId: string, userId: string) => basis.memberships[`${unitId}:${userId}`]?.role;
  const heldRoles = (unitId: string, userId: string) => (created(unitId) ? undefined : basis.memberships[`${unitId}:${userId}`]?.roles);
  /** Gives or takes away each custom role (as the catalogue defines it now) at the unit. */
  const assign = (unitId: string, userId: string, roleKeys: readonly string[] | undefined) => {
    for (const role of customRoles(actor, roleKeys)) authorize('role.assign', { unit: live(unitId), userId, role });
  };
  /** A membership the set itself makes, or one that exists: what changing or removing it needs. */
  const changeOf = (unitId: string, userId: string, to?: Role) => {
    const role = held(unitId, userId);
    if (!role || created(unitId)) return authorize('membership.add', { unit: live(unitId), role: to ?? 'member', userId });
    if (to) return authorize('membership.changeRole', { unit: live(unitId), userId, from: role, to });
    const removed = authorize('membership.remove', { unit: live(unitId), userId, role });
    // Removing a membership takes its custom roles away with it.
    assign(unitId, userId, heldRoles(unitId, userId));
    return removed;
  };
  const own = (id: string, action: 'unit.rename' | 'unit.delete') =>
    created(id) ? authorize('unit.create', { parent: live(id) }) : authorize(action, { unit: live(id) });
  switch (op.kind) {
    case 'createUnit':
      return authorize('unit.create', { parent: live(op.parentId) });
    case 'renameUnit':
      return own(op.unitId, 'unit.rename');
    case 'deleteUnit':
      return own(op.unitId, 'unit.delete');
    case 'moveUnit':
      own(op.unitId, 'unit.rename');
      return authorize('tree.read', { unit: live(op.parentId) });
    case 'addMember': {
      const added = authorize('membership.add', { unit: live(op.unitId), role: op.role, userId: op.userId });
      assign(op.unitId, op.userId, op.roles);
      return added;
    }
    case 'removeMember':
      return changeOf(op.unitId, op.userId);
    case 'changeRole':
      return changeOf(op.unitId, op.userId, op.role);
    case 'moveMember': {
      changeOf(op.fromUnitId, op.userId);
      const seen = authorize('tree.read', { unit: live(op.unitId) });
      // The member joins with the custom roles held where they leave: given at the destination.
      assign(op.unitId, op.userId, heldRoles(op.fromUnitId, op.userId));
      return seen;
    }
  }
}

/** The custom roles these keys name, as the catalogue on the actor's access defines them now. */
function customRoles(actor: Drafter, roleKeys: readonly string[] | undefined): CustomRole[] {
  if (!roleKeys?.length) return [];
  const catalogue = actor.access.catalogue;
  if (!catalogue) throw new Error('change sets: custom roles decided without the role catalogue');
  return roleKeys.flatMap((k) => (Object.hasOwn(catalogue.roles, k) ? [catalogue.roles[k]!] : []));
}

/** Whether drafting these operations on this basis decides custom roles (and so needs the catalogue). */
const catalogueNeeded = (ops: Operation[], basis: OperationBasis) =>
  ops.some((o) => o.kind === 'addMember' && o.roles?.length) || Object.values(basis.memberships).some((m) => m?.roles?.length);

/**
 * Puts the tenant's catalogue on the drafter's access when the operations decide custom roles: the
 * entry point's `authorize` decides on that same access object, and its writes stand on the
 * catalogue's version.
 */
async function withRoleCatalogue(db: TenantDb, actor: Drafter, ops: Operation[], basis: OperationBasis) {
  if (!actor.access.catalogue && catalogueNeeded(ops, basis)) attachCatalogue(actor.access, await readRoleCatalogue(db));
}

/** The units the set creates, each with the parent it is created under. */
const createdParents = (ops: Operation[]) => new Map(ops.flatMap((op) => (op.kind === 'createUnit' ? [[op.unitId, op.parentId] as const] : [])));

/** What the set's operations were drafted on, overlaid with what was just read from the live tree. */
const knownBasis = (set: ChangeSet, fresh: OperationBasis): OperationBasis => ({
  units: { ...Object.fromEntries(set.operations.flatMap((o) => Object.entries(o.basis.units))), ...fresh.units },
  memberships: { ...Object.fromEntries(set.operations.flatMap((o) => Object.entries(o.basis.memberships))), ...fresh.memberships },
});

/**
 * Dropping or re-confirming an operation changes it: refused (as drafting it would be) unless the
 * actor could draft it on the live tree now. An operation naming a unit deleted since can never
 * apply and touches nothing anyone administers: whoever may change the set may drop it.
 */
async function authorizeRedraft(db: TenantDb, actor: Drafter, set: ChangeSet, op: Operation, live: OperationBasis) {
  const createdParent = createdParents(set.operations.map((o) => o.op));
  if (unitsNamed(op).some((id) => !createdParent.has(id) && !live.units[id])) return;
  const known = knownBasis(set, live);
  await withRoleCatalogue(db, actor, [op], known);
  authorizeOperation(actor, op, createdParent, known);
}

/**
 * The header once its operations changed: a draft again (an edit unschedules it), a version on,
 * and earlier reviews no longer counting.
 */
function afterEdit(header: ChangeSetHeader, readVersion: number, operations: DraftedOperation[]): ChangeSetHeader {
  const { scheduledAt: _at, scheduledBy: _by, ...rest } = header;
  return {
    ...rest, status: 'draft', version: readVersion + 1, opsVersion: header.opsVersion + 1,
    opCount: operations.length, areas: areaPaths(operations), updatedAt: new Date().toISOString(),
  };
}

/** The live paths a set touches, kept on the header: who may see the set in the list. */
function areaPaths(operations: DraftedOperation[]): string[] {
  return [...new Set(operations.flatMap((o) => Object.values(o.basis.units).map((u) => u.path)))].slice(0, 200);
}

/** Adds operations at the end (each checked, authorized and given its facts); returns the set. */
export async function addOperations(db: TenantDb, actor: Drafter, setId: string, expectedVersion: number, raw: unknown[]): Promise<ChangeSet> {
  if (!Array.isArray(raw) || raw.length === 0) throw badOperation('Send at least one operation.');
  return appendOperations(db, actor, await readChangeSet(db, setId), expectedVersion, raw.map(toOperation));
}

/** Appends operations already checked (from a client through toOperation, or built by Arbor). */
export async function appendOperations(db: TenantDb, actor: Drafter, set: ChangeSet, expectedVersion: number, ops: Operation[]): Promise<ChangeSet> {
  let { header } = set;
  if (!OPERATIONS_EDITABLE.includes(header.status)) throw notEditable(header.status);
  if (header.opCount + ops.length > MAX_OPERATIONS) throw tooManyOperations(MAX_OPERATIONS);
  const createdParent = createdParents([...set.operations.map((o) => o.op), ...ops]);
  const basis = await readBasis(db, ops, new Set(createdParent.keys()));
  const known = knownBasis(set, basis);
  await withRoleCatalogue(db, actor, ops, known);
  const now = new Date().toISOString();
  const drafted: DraftedOperation[] = ops.map((op, i) => ({ seq: header.nextSeq + i, op, basis: basisOf(op, basis), addedBy: actorIdentity(actor), addedAt: now }));
  for (const o of drafted) authorizeOperation({ ...actor, authorize: undefined }, o.op, createdParent, known);
  let written = [...set.operations];
  let version = expectedVersion;
  // Each batch is authorized again just before its write, so the write carries that batch's facts.
  for (let i = 0; i < drafted.length; i += BATCH) {
    const batch = drafted.slice(i, i + BATCH);
    if (actor.authorize) for (const o of batch) authorizeOperation(actor, o.op, createdParent, known);
    written = [...written, ...batch];
    const next = { ...afterEdit(header, version, written), nextSeq: batch.at(-1)!.seq + 1 };
    // A header not stored yet (version 0) is created with the first batch.
    await transaction(db)
      .add(headerPut(db, next, version === 0 ? undefined : version), headerChanged)
      .add(batch.map((o) => ({ Put: { TableName: db.tableName, Item: opItemOf(db.tenantId, header.setId, o), ConditionExpression: 'attribute_not_exists(PK)' } })))
      .add(version === 0 ? [creationAudit(db, actor, next)] : [])
      .add(setAudit(db, actor, 'changeSet.addOperations', next, { operations: batch.length, from: batch[0]!.seq }))
      .send();
    version += 1;
    header = next;
  }
  return readChangeSet(db, header.setId);
}

/**
 * Operations written per transaction: with the header, its audit entry and, through an entry point, each
 * decision's facts (up to three items per operation, the author's grants) within 100 items.
 */
const BATCH = Math.floor((MAX_TRANSACTION_ITEMS - 2 - GUARD_ITEMS) / 4);

/** Drops one operation (and whatever it alone made valid is for the preview to say). */
export async function dropOperation(db: TenantDb, actor: Drafter, setId: string, expectedVersion: number, seq: number): Promise<ChangeSet> {
  const set = await readChangeSet(db, setId);
  const { header } = set;
  if (!OPERATIONS_EDITABLE.includes(header.status)) throw notEditable(header.status);
  const dropped = set.operations.find((o) => o.seq === seq);
  if (!dropped) throw operationNotFound();
  const created = new Set(createdParents(set.operations.map((o) => o.op)).keys());
  await authorizeRedraft(db, actor, set, dropped.op, await readBasis(db, [dropped.op], created));
  const rest = set.operations.filter((o) => o.seq !== seq);
  const next = afterEdit(header, expectedVersion, rest);
  await transaction(db)
    .add(headerPut(db, next, expectedVersion), headerChanged)
    .add({ Delete: { TableName: db.tableName, Key: keys.changeSetOp(db.tenantId, setId, seq), ConditionExpression: 'attribute_exists(PK)' } }, () => operationNotFound())
    .add(setAudit(db, actor, 'changeSet.dropOperation', next, { seq }))
    .send();
  return readChangeSet(db, setId);
}

/** Takes the live tree's current facts as the operation's own: its author saw the change and keeps it. */
export async function reconfirmOperation(db: TenantDb, actor: Drafter, setId: string, expectedVersion: number, seq: number): Promise<ChangeSet> {
  const set = await readChangeSet(db, setId);
  const { header } = set;
  if (!OPERATIONS_EDITABLE.includes(header.status)) throw notEditable(header.status);
  const drafted = set.operations.find((o) => o.seq === seq);
  if (!drafted) throw operationNotFound();
  const created = new Set(createdParents(set.operations.map((o) => o.op)).keys());
  const basis = await readBasis(db, [drafted.op], created);
  const missing = unitsNamed(drafted.op).filter((id) => !created.has(id) && !basis.units[id]);
  if (missing.length) throw badOperation('A unit this operation names was deleted: drop the operation instead.');
  await authorizeRedraft(db, actor, set, drafted.op, basis);
  const updated: DraftedOperation = { ...drafted, basis: basisOf(drafted.op, basis) };
  const all = set.operations.map((o) => (o.seq === seq ? updated : o));
  const next = afterEdit(header, expectedVersion, all);
  await transaction(db)
    .add(headerPut(db, next, expectedVersion), headerChanged)
    .add({ Put: { TableName: db.tableName, Item: opItemOf(db.tenantId, setId, updated), ConditionExpression: 'attribute_exists(PK)' } }, () => operationNotFound())
    .add(setAudit(db, actor, 'changeSet.reconfirmOperation', next, { seq }))
    .send();
  return readChangeSet(db, setId);
}

/**
 * Deletes a set that is not running and was never applied: the header (conditioned on the
 * version read) goes in the first transaction with as many of its items as fit, so a set edited
 * meanwhile is left whole; the rest follow.
 */
export async function deleteChangeSet(db: TenantDb, actor: AuditActor, setId: string, expectedVersion: number): Promise<void> {
  const set = await readChangeSet(db, setId);
  if (!OPERATIONS_EDITABLE.includes(set.header.status)) throw notEditable(set.header.status);
  const rest = [
    ...set.operations.map((o) => keys.changeSetOp(db.tenantId, setId, o.seq)),
    ...set.reviews.map((r) => keys.changeSetReview(db.tenantId, setId, r.userId)),
    ...set.undo.map((u) => keys.changeSetUndo(db.tenantId, setId, u.seq)),
  ];
  const first = MAX_TRANSACTION_ITEMS - 2 - GUARD_ITEMS;
  const del = (Key: { PK: string; SK: string }) => ({ Delete: { TableName: db.tableName, Key } });
  await transaction(db)
    .add({ Delete: { TableName: db.tableName, Key: keys.changeSet(db.tenantId, setId), ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': expectedVersion } } }, headerChanged)
    .add(setAudit(db, actor, 'changeSet.delete', set.header))
    .add(rest.slice(0, first).map(del))
    .send();
  for (let i = first; i < rest.length; i += MAX_TRANSACTION_ITEMS) {
    await transaction(db).add(rest.slice(i, i + MAX_TRANSACTION_ITEMS).map(del)).send();
  }
}
