// Name words (docs/data-model.md "Name words"): the index entries that let T10 match the start
// of any word of a name with one Query. The whole name is indexed by its owner's own GSI3 entry;
// each later word (up to 7) gets a small `nameWord` item whose GSI3 sort key runs from that word
// to the end of the name. Written and deleted in the owner's own transactions, unconditioned
// (the owner's item carries the condition).
import 'server-only';
import { keys, type Key, type TenantDb, type TransactItem } from '../db';
import { searchKey } from '../validation';

/** Words of a name that can be found by their start: its start, and up to 7 later words. */
export const MAX_NAME_WORDS = 8;
const MAX_WORD_ITEMS = MAX_NAME_WORDS - 1;

export type WordOwner = { kind: 'unit' | 'tenantUser'; id: string };

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/**
 * The search-form texts the word items index, by position (index 0 is `W#1`): for each word
 * after the name's start, the name from that word on. Unicode-aware word splitting on the
 * search form (NFKC, lower-cased), so it agrees with what people type.
 */
export function nameWordTexts(name: string): string[] {
  const key = searchKey(name);
  const texts: string[] = [];
  for (const s of segmenter.segment(key)) {
    if (!s.isWordLike || s.index === 0) continue;
    texts.push(key.slice(s.index));
    if (texts.length === MAX_WORD_ITEMS) break;
  }
  return texts;
}

/**
 * How a name matches a search prefix (already in search form): at its start, at a later word
 * (the 1-based position of the first such word), or not at all.
 */
export function nameMatch(name: string, prefix: string): { at: 'start' } | { at: 'word'; position: number } | undefined {
  if (searchKey(name).startsWith(prefix)) return { at: 'start' };
  const position = nameWordTexts(name).findIndex((t) => t.startsWith(prefix)) + 1;
  return position > 0 ? { at: 'word', position } : undefined;
}

const ownerKey = (tenantId: string, owner: WordOwner): Key =>
  owner.kind === 'unit' ? keys.unit(tenantId, owner.id) : keys.tenantUser(tenantId, owner.id);

function wordItem(tenantId: string, owner: WordOwner, position: number, text: string): Record<string, unknown> {
  return {
    ...keys.nameWord(ownerKey(tenantId, owner), position),
    type: 'nameWord',
    tenantId,
    owner: owner.kind,
    ownerId: owner.id,
    GSI3PK: keys.gsi3.names(tenantId),
    GSI3SK: text,
  };
}

/** The word items of a name, as stored (seeds that write items directly). */
export const nameWordItems = (tenantId: string, owner: WordOwner, name: string) =>
  nameWordTexts(name).map((text, i) => wordItem(tenantId, owner, i + 1, text));

/** Puts for a new owner's words (create). */
export function nameWordPuts(db: TenantDb, owner: WordOwner, name: string): TransactItem[] {
  return nameWordItems(db.tenantId, owner, name).map((Item) => ({ Put: { TableName: db.tableName, Item } }));
}

/** Deletes of an owner's words (the owner goes), from the name stored with them. */
export function nameWordDeletes(db: TenantDb, owner: WordOwner, name: string): TransactItem[] {
  return nameWordTexts(name).map((_, i) => wordDelete(db, owner, i + 1));
}

/** A rename: puts where a position's text changed, deletes where the new name has fewer words. */
export function nameWordChanges(db: TenantDb, owner: WordOwner, oldName: string, newName: string): TransactItem[] {
  const before = nameWordTexts(oldName);
  const after = nameWordTexts(newName);
  return [
    ...after.flatMap((text, i) => (before[i] === text ? [] : [{ Put: { TableName: db.tableName, Item: wordItem(db.tenantId, owner, i + 1, text) } }])),
    ...before.slice(after.length).map((_, i) => wordDelete(db, owner, after.length + i + 1)),
  ];
}

/** The keys of every word position an owner can have (for when its name is no longer known). */
export function allNameWordKeys(tenantId: string, owner: WordOwner): Key[] {
  return Array.from({ length: MAX_WORD_ITEMS }, (_, i) => keys.nameWord(ownerKey(tenantId, owner), i + 1));
}

const wordDelete = (db: TenantDb, owner: WordOwner, position: number): TransactItem => ({
  Delete: { TableName: db.tableName, Key: keys.nameWord(ownerKey(db.tenantId, owner), position) },
});

/** Where a word item points: its owner's table key. */
export function wordOwnerKey(tenantId: string, item: Record<string, unknown>): Key {
  return ownerKey(tenantId, { kind: item.owner as WordOwner['kind'], id: item.ownerId as string });
}

/** The word item's position (`W#<n>`). */
export const wordPosition = (item: Record<string, unknown>) => Number((item.SK as string).slice(2));

/** The profile's words, when removing `removed` memberships deletes the profile (count read). */
export function profileWordDeletes(db: TenantDb, profile: { userId: string; name: string; membershipCount: number }, removed: number): TransactItem[] {
  return profile.membershipCount <= removed ? nameWordDeletes(db, { kind: 'tenantUser', id: profile.userId }, profile.name) : [];
}

/** True when the member-name listing finds this person for the prefix (search form). */
export const personNameMatches = (person: { name: string; email: string }, prefix: string) =>
  person.name ? nameMatch(person.name, prefix) !== undefined : searchKey(person.email).startsWith(prefix);
