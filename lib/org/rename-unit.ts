// T11 rename: one TransactWriteItems conditioned on the version the caller read: the unit's
// name and name-ordered index keys, the sibling name claim (released and re-claimed unless only
// the case changes), and the audit entry. The root can be renamed; a unit locked against the db
// (unit-lock.ts) cannot. The root unit and the organization carry one name: renaming either
// writes both in the same transaction (here, and lib/tenants renameTenant through
// unitNameWrites), so the tree, the breadcrumb and the header never disagree.
import 'server-only';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../validation/version';
import { nameWordChanges } from '../items/name-words';
import { searchKey, validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-tree-jobs';
import { sameSiblingName, siblingNameDelete, siblingNamePut } from './sibling-name';
import { readUnit } from './unit-reads';
import { toUnit, validateUnitName, type Unit } from './unit-item';
import { lockAgainst, lockFree } from './unit-lock';
import { nameTaken, treeBusy, unitLocked, unitNotFound } from './errors';

export interface RenameUnitInput {
  unitId: string;
  name: string;
  expectedVersion: number;
}

export async function renameUnit(db: TenantDb, actor: AuditActor, input: RenameUnitInput): Promise<Unit> {
  const unitId = validateId(input?.unitId, 'unit');
  const name = validateUnitName(input.name);
  const expectedVersion = validateVersion(input.expectedVersion, 'unit');

  const current = await readUnit(db, unitId);
  if (!current) throw unitNotFound();
  if (current.version !== expectedVersion) throw versionConflict('unit', current.version, current);
  const lock = lockAgainst(db, current);
  if (lock) {
    nudgeTreeJob(db, lock);
    throw unitLocked(lock);
  }
  if (current.name === name) return current;

  const now = new Date().toISOString();
  const writes = unitNameWrites(db, current, name, now);
  const tx = transaction(db)
    .add(writes.unit, (item) => {
      if (!item) return unitNotFound();
      const stored = toUnit(item);
      const lock = lockAgainst(db, stored);
      return stored.version === expectedVersion && lock ? unitLocked(lock) : versionConflict('unit', stored.version, stored);
    })
    .add(writes.claim, () => nameTaken(name))
    .add([...writes.release, ...writes.words], () => treeBusy());
  // The organization's name follows its root unit's (its own version moves on, so a settings
  // form opened before this rename meets a conflict instead of writing the old name back).
  if (current.parentId === null) tx.add(tenantNameUpdate(db, name, now), () => treeBusy());
  tx.add(
    auditEntryPut(db, {
      actor, action: 'unit.rename', target: { type: 'unit', id: unitId, label: name }, unitId,
      before: { name: current.name }, after: { name },
    }),
  );
  await tx.send();
  return { ...current, name, version: expectedVersion + 1, updatedAt: now };
}

export interface UnitNameWrites {
  /** The unit itself: name, name-ordered index keys, version; conditioned on the version read and on no lock against the db. */
  unit: TransactItem;
  /** Below the root, when the name's sibling key changes: the old claim released, the new one taken. */
  release: TransactItem[];
  claim: TransactItem[];
  /** The name's word items (T10). */
  words: TransactItem[];
}

/** Every write of a rename, for a caller that gives them one meaning. */
export const allNameWrites = (w: UnitNameWrites): TransactItem[] => [w.unit, ...w.release, ...w.claim, ...w.words];

/** The writes that give a unit a new name. */
export function unitNameWrites(db: TenantDb, current: Unit, name: string, now: string): UnitNameWrites {
  const nameKey = searchKey(name);
  const moveClaim = current.parentId !== null && !sameSiblingName(current.name, name);
  const free = lockFree(db);
  return {
    unit: {
      Update: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, current.id),
        UpdateExpression: `SET #name = :name, GSI3SK = :key${current.parentId ? ', GSI2SK = :key' : ''}, #version = :next, updatedAt = :now`,
        ConditionExpression: `#version = :expected AND ${free.expression}`,
        ExpressionAttributeNames: { '#name': 'name', '#version': 'version', ...free.names },
        ExpressionAttributeValues: { ':name': name, ':key': nameKey, ':next': current.version + 1, ':now': now, ':expected': current.version, ...free.values },
      },
    },
    release: moveClaim ? [siblingNameDelete(db, current.parentId!, current.name, current.id)] : [],
    claim: moveClaim ? [siblingNamePut(db, current.parentId!, name, current.id)] : [],
    // The unit's version condition makes the words read from current.name the stored ones.
    words: nameWordChanges(db, { kind: 'unit', id: current.id }, current.name, name),
  };
}

/** The organization's name (T1) set to its root unit's, with its version moved on. */
function tenantNameUpdate(db: TenantDb, name: string, now: string): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.tenantSettings(db.tenantId),
      UpdateExpression: 'SET #name = :name, #version = #version + :one, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
      ExpressionAttributeValues: { ':name': name, ':one': 1, ':now': now },
    },
  };
}
