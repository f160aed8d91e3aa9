// The locks a change set takes while it is applied: every existing unit its operations name,
// each conditioned on the version it was drafted on, so an edit made since the preview stops the
// run before anything changes; held until the run ends (edits of those units and their members
// answer `unit.locked` meanwhile). Large moves run as tree jobs that hand their subtree back to
// the set, so releasing also looks below each moved unit.
import 'server-only';
import { batchGet, INDEX, keys, queryAll, transaction, MAX_TRANSACTION_ITEMS, type TenantDb, type TransactItem } from '../../db';
import { toUnit } from '../../org/unit-item';
import type { ChangeSet } from '../change-set-item';

export interface LockTarget {
  unitId: string;
  version: number;
}

/** The units to lock, in a fixed order (every runner derives the same list). */
export function lockOrder(set: Pick<ChangeSet, 'operations'>): LockTarget[] {
  const versions = new Map<string, number>();
  for (const o of set.operations) for (const [id, u] of Object.entries(o.basis.units)) versions.set(id, u.version);
  return [...versions].sort(([a], [b]) => a.localeCompare(b)).map(([unitId, version]) => ({ unitId, version }));
}

/**
 * Locks one batch together with the run's own record (`save` sends both in one transaction);
 * a refusal when a unit changed since it was drafted or another change holds it.
 */
export async function lockBatch(
  db: TenantDb,
  setId: string,
  batch: LockTarget[],
  save: (items: TransactItem[]) => Promise<boolean>,
): Promise<{ code: string; message: string } | undefined> {
  const items = batch.map((t): TransactItem => ({
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, t.unitId),
      UpdateExpression: 'SET #lock = :set',
      ConditionExpression: '(attribute_not_exists(#lock) OR #lock = :set) AND #version = :v',
      ExpressionAttributeNames: { '#lock': 'lock', '#version': 'version' },
      ExpressionAttributeValues: { ':set': setId, ':v': t.version },
    },
  }));
  if (await save(items)) return undefined;
  return { code: 'changeSet.changed', message: 'A unit this change set touches was changed, or is being changed, since the preview: nothing was applied. Look at the preview again.' };
}

/** Releases every lock the set holds: the units it locked, and what tree jobs handed back below them. */
export async function releaseLocks(db: TenantDb, set: ChangeSet, locked: LockTarget[]) {
  const setId = set.header.setId;
  const units = (await batchGet(db, locked.map((t) => keys.unit(db.tenantId, t.unitId)))).map(toUnit);
  const moved = new Set(set.operations.flatMap(({ op }) => (op.kind === 'moveUnit' ? [op.unitId] : [])));
  const below = await Promise.all(units.filter((u) => moved.has(u.id) && u.childCount > 0).map((u) => queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
    FilterExpression: '#lock = :set',
    ExpressionAttributeNames: { '#lock': 'lock' },
    ExpressionAttributeValues: { ':pk': keys.gsi1.tree(db.tenantId), ':path': u.path, ':set': setId },
  })));
  const held = [...new Set([...units.filter((u) => u.lockedBy === setId).map((u) => u.id), ...below.flat().map((i) => String(i.unitId))])];
  for (let i = 0; i < held.length; i += MAX_TRANSACTION_ITEMS) {
    let pending = held.slice(i, i + MAX_TRANSACTION_ITEMS);
    while (pending.length) {
      const tx = transaction(db);
      const gone = new Set<string>();
      for (const unitId of pending) {
        tx.add({
          Update: {
            TableName: db.tableName,
            Key: keys.unit(db.tenantId, unitId),
            UpdateExpression: 'REMOVE #lock',
            ConditionExpression: '#lock = :set',
            ExpressionAttributeNames: { '#lock': 'lock' },
            ExpressionAttributeValues: { ':set': setId },
          },
        }, () => {
          gone.add(unitId);
          return 'retry';
        });
      }
      if ((await tx.send()) === 'written') break;
      pending = pending.filter((id) => !gone.has(id));
    }
  }
}
