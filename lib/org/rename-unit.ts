// T11 rename: one TransactWriteItems conditioned on the version the caller read: the unit's
// name and name-ordered index keys, the sibling name claim (released and re-claimed unless only
// the case changes), and the audit entry. The root can be renamed; a unit locked by a job
// cannot. The root unit and the organization carry one name: renaming either writes both in
// the same transaction (here, and lib/tenants renameTenant through unitNameWrites), so the
// tree, the breadcrumb and the header never disagree. Server-only.
import { auditEntryPut } from '../audit';
import { failureAt, keys, transactWrite, type Actor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../validation/version';
import { nameWordChanges } from '../search/name-words';
import { searchKey, validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-move-jobs';
import { sameSiblingName, siblingNameDelete, siblingNamePut } from './sibling-name';
import { readUnit } from './unit-reads';
import { toUnit, validateUnitName, type Unit } from './unit-item';
import { nameTaken, treeBusy, unitLocked, unitNotFound } from './errors';

export interface RenameUnitInput {
  unitId: string;
  name: string;
  expectedVersion: number;
}

export async function renameUnit(db: TenantDb, actor: Actor, input: RenameUnitInput): Promise<Unit> {
  const unitId = validateId(input?.unitId, 'unit');
  const name = validateUnitName(input.name);
  const expectedVersion = validateVersion(input.expectedVersion, 'unit');

  const current = await readUnit(db, unitId);
  if (!current) throw unitNotFound();
  if (current.version !== expectedVersion) throw versionConflict('unit', current.version, current);
  if (current.lockedBy) {
    nudgeTreeJob(db, current.lockedBy);
    throw unitLocked(current.lockedBy);
  }
  if (current.name === name) return current;

  const now = new Date().toISOString();
  const items = unitNameWrites(db, current, name, now);
  // The new name's sibling claim follows the unit's update and the old claim's release.
  const claimIndex = current.parentId && !sameSiblingName(current.name, name) ? 2 : -1;
  // The organization's name follows its root unit's (its own version moves on, so a settings
  // form opened before this rename meets a conflict instead of writing the old name back).
  if (current.parentId === null) items.push(tenantNameUpdate(db, name, now));
  items.push(
    auditEntryPut(db, {
      actor, action: 'unit.rename', target: { type: 'unit', id: unitId, label: name }, unitId,
      before: { name: current.name }, after: { name },
    }),
  );

  const failed = await transactWrite(db, items);
  if (!failed) return { ...current, name, version: expectedVersion + 1, updatedAt: now };
  const unitFailure = failureAt(failed, 0);
  if (unitFailure) {
    if (!unitFailure.item) throw unitNotFound();
    const stored = toUnit(unitFailure.item);
    if (stored.version === expectedVersion && stored.lockedBy) throw unitLocked(stored.lockedBy);
    throw versionConflict('unit', stored.version, stored);
  }
  if (claimIndex >= 0 && failureAt(failed, claimIndex)) throw nameTaken(name);
  throw treeBusy();
}

/**
 * The writes that give a unit a new name: its item (name, name-ordered index keys, version,
 * conditioned on the version read and on no job holding it) and, below the root, its sibling
 * name claim moved to the new name. The unit's update is always the first item.
 */
export function unitNameWrites(db: TenantDb, current: Unit, name: string, now: string): TransactItem[] {
  const nameKey = searchKey(name);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, current.id),
        UpdateExpression: `SET #name = :name, GSI3SK = :key${current.parentId ? ', GSI2SK = :key' : ''}, #version = :next, updatedAt = :now`,
        ConditionExpression: '#version = :expected AND attribute_not_exists(#lock)',
        ExpressionAttributeNames: { '#name': 'name', '#version': 'version', '#lock': 'lock' },
        ExpressionAttributeValues: { ':name': name, ':key': nameKey, ':next': current.version + 1, ':now': now, ':expected': current.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
  ];
  if (current.parentId && !sameSiblingName(current.name, name)) {
    items.push(siblingNameDelete(db, current.parentId, current.name, current.id), siblingNamePut(db, current.parentId, name, current.id));
  }
  // The name's word items (T10) follow it in the same transaction: the unit's version
  // condition makes the words read from current.name the stored ones.
  items.push(...nameWordChanges(db, { kind: 'unit', id: current.id }, current.name, name));
  return items;
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
