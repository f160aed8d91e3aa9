// T11 create: a new unit under a parent, in one TransactWriteItems: the unit (never
// overwriting), its name claim among its siblings, the parent's childCount (conditioned on the
// parent existing, not locked against the db, and still at the path the child's path was built
// from), the tenant's unitCount (conditioned on staying under unitLimit), the audit entry, and
// the name's word items (T10). A caller may choose the new unit's id (a change set that refers to
// units it has yet to create); the unit's Put never overwrites, so a taken id is refused.
import 'server-only';
import { ulid } from 'ulid';
import { auditEntryPut } from '../audit';
import { keys, transaction, type AuditActor, type TenantDb } from '../db';
import { nameWordPuts } from '../items/name-words';
import { validateId } from '../validation';
import { nudgeTreeJob } from './jobs/resume-tree-jobs';
import { siblingNamePut } from './sibling-name';
import { childCountUpdate } from './unit-counters';
import { lockAgainst, lockedOr } from './unit-lock';
import { readUnit } from './unit-reads';
import { childPath, MAX_DEPTH, unitItem, validateUnitName, type Unit } from './unit-item';
import { tenantNotFound } from '../tenancy/errors';
import { nameTaken, parentNotFound, tooDeep, treeBusy, unitExists, unitLimit, unitLocked } from './errors';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export interface CreateUnitInput {
  parentId: string;
  name: string;
  /** The new unit's id, chosen in advance (a ULID, like every id); without it, a fresh one. */
  unitId?: string;
  /** Directory sync's units say so (shown in the console). */
  managedBy?: 'directory';
}

export async function createUnit(db: TenantDb, actor: AuditActor, input: CreateUnitInput): Promise<Unit> {
  const parentId = validateId(input?.parentId, 'unit');
  const name = validateUnitName(input.name);
  const chosenId = input.unitId === undefined ? undefined : validateId(input.unitId, 'unit');

  for (let attempt = 1; attempt <= RETRY_LIMITS.redecide; attempt++) {
    if (attempt > 1) await backoff(attempt - 1);
    const parent = await readUnit(db, parentId);
    if (!parent) throw parentNotFound();
    const lock = lockAgainst(db, parent);
    if (lock) {
      nudgeTreeJob(db, lock);
      throw unitLocked(lock);
    }
    if (parent.depth >= MAX_DEPTH) throw tooDeep();

    const now = new Date().toISOString();
    const id = chosenId ?? ulid();
    const path = childPath(parent.path, id);
    const unit: Unit = {
      tenantId: db.tenantId, id, name, parentId, path, depth: parent.depth + 1,
      childCount: 0, memberCount: 0, version: 1, createdAt: now, updatedAt: now, administrators: {},
      ...(input.managedBy ? { managedBy: input.managedBy } : {}),
    };
    const written = await transaction(db)
      .add({ Put: { TableName: db.tableName, Item: unitItem(unit), ConditionExpression: 'attribute_not_exists(PK)' } }, () => unitExists())
      // Gone, locked against the db, or moved since our read (build the path again).
      .add(childCountUpdate(db, parentId, 1, parent.path), (stored) =>
        !stored ? parentNotFound() : lockedOr(db, stored, 'retry'),
      )
      .add(siblingNamePut(db, parentId, name, id), () => nameTaken(name))
      .add(
        {
          Update: {
            TableName: db.tableName,
            Key: keys.tenantSettings(db.tenantId),
            UpdateExpression: 'SET unitCount = unitCount + :one',
            ConditionExpression: 'attribute_exists(PK) AND unitCount < unitLimit',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        (stored) => (stored ? unitLimit(stored.unitLimit as number) : tenantNotFound()),
      )
      .add(
        auditEntryPut(db, {
          actor, action: 'unit.create', target: { type: 'unit', id, label: name }, unitId: id,
          after: { name, parentId, path },
        }),
      )
      .add(nameWordPuts(db, { kind: 'unit', id }, name))
      .send();
    if (written === 'written') return unit;
  }
  throw treeBusy();
}
