// T11 rename: one TransactWriteItems conditioned on the version the caller read: the unit's
// name and name-ordered index keys, the sibling name claim (released and re-claimed unless only
// the case changes), and the audit entry. The root can be renamed; a unit locked by a job
// cannot. Server-only.
import { auditEntryPut } from '../audit';
import { failureAt, keys, transactWrite, type Actor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { validateVersion } from '../members/membership-items';
import { searchKey, validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-move-jobs';
import { sameSiblingName, siblingNameDelete, siblingNamePut } from './sibling-name';
import { readUnit } from './unit-reads';
import { toUnit, validateUnitName, type Unit } from './unit-item';
import { nameTaken, treeBusy, unitLocked, unitNotFound } from './unit-errors';

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
  const nameKey = searchKey(name);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, unitId),
        UpdateExpression: `SET #name = :name, GSI3SK = :key${current.parentId ? ', GSI2SK = :key' : ''}, #version = :next, updatedAt = :now`,
        ConditionExpression: '#version = :expected AND attribute_not_exists(#lock)',
        ExpressionAttributeNames: { '#name': 'name', '#version': 'version', '#lock': 'lock' },
        ExpressionAttributeValues: { ':name': name, ':key': nameKey, ':next': expectedVersion + 1, ':now': now, ':expected': expectedVersion },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
  ];
  const claimIndex = items.length + 1;
  if (current.parentId && !sameSiblingName(current.name, name)) {
    items.push(siblingNameDelete(db, current.parentId, current.name, unitId), siblingNamePut(db, current.parentId, name, unitId));
  }
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
  if (failureAt(failed, claimIndex)) throw nameTaken(name);
  throw treeBusy();
}
