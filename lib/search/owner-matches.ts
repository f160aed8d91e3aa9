// Turns a GSI3 `T#<t>#NAMES` page into the units and profiles it found, each once: entries of a
// whole name are the owner itself (projected ALL); a word item (nameWord) names its owner, read
// with one strongly consistent BatchGetItem (skipped when the page has none). An owner is kept
// from one entry only: its own when its name starts with the prefix, else its first matching
// word, so a name matching on two words, or a page boundary between them, never lists it twice;
// a word the index still shows after a rename or delete is dropped here.
import 'server-only';
import { batchGet, type TenantDb } from '../db';
import { nameMatch, wordOwnerKey, wordPosition } from '../items/name-words';

export interface NameMatch {
  item: Record<string, unknown>;
  /** Matched at the name's start, or at a later word. */
  at: 'start' | 'word';
}

const ownerIdOf = (item: Record<string, unknown>) => (item.type === 'unit' ? item.unitId : item.userId) as string;

/** The page's owners in index order, name-start matches first. */
export async function ownersOfNamePage(db: TenantDb, items: Record<string, unknown>[], prefix: string): Promise<NameMatch[]> {
  const words = items.filter((i) => i.type === 'nameWord');
  const owners = words.length ? await batchGet(db, words.map((w) => wordOwnerKey(db.tenantId, w))) : [];
  const ownerById = new Map(owners.map((o) => [ownerIdOf(o), o]));

  const starts: NameMatch[] = [];
  const later: NameMatch[] = [];
  const seen = new Set<string>();
  for (const entry of items) {
    if (entry.type === 'unit' || entry.type === 'tenantUser') {
      const id = ownerIdOf(entry);
      if (seen.has(id)) continue;
      seen.add(id);
      starts.push({ item: entry, at: 'start' });
    } else if (entry.type === 'nameWord') {
      const owner = ownerById.get(entry.ownerId as string);
      if (!owner || seen.has(entry.ownerId as string)) continue;
      const match = nameMatch((owner.name as string) || '', prefix);
      if (match?.at !== 'word' || match.position !== wordPosition(entry)) continue;
      seen.add(entry.ownerId as string);
      later.push({ item: owner, at: 'word' });
    }
  }
  return [...starts, ...later];
}
