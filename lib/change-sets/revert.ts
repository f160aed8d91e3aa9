// Reverting an applied change set: the inverses it recorded while applying, newest first, become
// a new draft that goes through the same preview and reviews.
import 'server-only';
import { transaction, type TenantDb } from '../db';
import type { ChangeSet } from './change-set-item';
import { badOperation, notApplied } from './errors';
import { appendOperations, newHeader, type Drafter } from './drafts';
import { headerChanged, headerPut, readChangeSet } from './store';

export async function revertChangeSet(db: TenantDb, actor: Drafter, setId: string): Promise<ChangeSet> {
  const original = await readChangeSet(db, setId);
  if (original.header.status !== 'applied') throw notApplied();
  const inverse = [...original.undo].sort((a, b) => b.seq - a.seq).flatMap((u) => u.inverse);
  if (inverse.length === 0) throw badOperation('This change set changed nothing that could be put back.');
  // Created with its first operations (what they rest on is read before anything is written).
  const header = newHeader(actor, { name: `Revert: ${original.header.name}`.slice(0, 60), description: `Undoes “${original.header.name}”.`, revertOf: setId });
  const draft = await appendOperations(db, actor, { header, operations: [], reviews: [], undo: [] }, header.version, inverse);
  const next = { ...original.header, revertedBy: header.setId, version: original.header.version + 1, updatedAt: new Date().toISOString() };
  await transaction(db).add(headerPut(db, next, original.header.version), headerChanged).send();
  return draft;
}
