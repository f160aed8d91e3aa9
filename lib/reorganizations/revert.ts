// Reverting an applied change set: the inverses it recorded while applying, newest first, become
// a new draft that goes through the same preview and reviews. Server-only.
import { transaction, type TenantDb } from '../db';
import type { ChangeSet } from './change-set-item';
import { notApplied } from './errors';
import { appendOperations, createChangeSet, type Drafter } from './drafts';
import { headerChanged, headerPut, readChangeSet } from './store';

export async function revertChangeSet(db: TenantDb, actor: Drafter, setId: string): Promise<ChangeSet> {
  const original = await readChangeSet(db, setId);
  if (original.header.status !== 'applied') throw notApplied();
  const inverse = [...original.undo].sort((a, b) => b.seq - a.seq).flatMap((u) => u.inverse);
  const header = await createChangeSet(db, actor, { name: `Revert: ${original.header.name}`.slice(0, 60), description: `Undoes “${original.header.name}”.`, revertOf: setId });
  const draft = await appendOperations(db, actor, { header, operations: [], reviews: [], undo: [] }, header.version, inverse);
  const next = { ...original.header, revertedBy: header.setId, version: original.header.version + 1, updatedAt: new Date().toISOString() };
  await transaction(db).add(headerPut(db, next, original.header.version), headerChanged).send();
  return draft;
}
