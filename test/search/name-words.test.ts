// T10 by any word of a name (docs/data-model.md "Name words"): word items written, moved and
// removed with their owner in the same transaction, each owner found once, one Query per data set,
// and never another tenant's names.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type TenantDb } from '../../lib/db';
import { addMembership, removeMembership, removeUserFromTenant } from '../../lib/members';
import { createUnit, deleteUnit, renameUnit, settleBackgroundJobs } from '../../lib/org';
import { search, searchPeople, type SearchResult } from '../../lib/search';
import { nameWordTexts } from '../../lib/items/name-words';
import { directClient, tableName } from '../support/stack';
import { person, tenantWithTree } from '../members/fixtures';
import { buildTree } from '../org/support/tree-fixture';
import { rawClient } from '../support/raw-client';

/** The people of a member-list search page (searchPeople), without its invitations. */
async function peoplePage(db: TenantDb, q: string, options: { limit?: number; cursor?: string } = {}) {
  const page = await searchPeople(db, q, options);
  return { items: page.items.flatMap((r) => (r.kind === 'member' ? [r.user] : [])), nextCursor: page.nextCursor };
}

const label = (r: SearchResult) => (r.kind === 'unit' ? `unit:${r.unit.name}` : `member:${r.user.name}`);
/** Results as labels, without the tenant's root (its name ends in random letters a short prefix may hit). */
const found = async (db: TenantDb, q: string) => (await search(db, q)).filter((r) => r.kind !== 'unit' || r.unit.parentId !== null).map(label);

/** The word items stored in an owner's partition, as their indexed texts by position. */
async function storedWords(pk: string): Promise<string[]> {
  const out = await directClient().send(
    new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)',
      ExpressionAttributeValues: { ':pk': pk, ':w': 'W#' }, ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).sort((a, b) => (a.SK as string).localeCompare(b.SK as string)).map((i) => i.GSI3SK as string);
}
const unitWords = (t: { tenantId: string }, unitId: string) => storedWords(keys.unit(t.tenantId, unitId).PK);
const profileWords = (t: { tenantId: string }, userId: string) => storedWords(keys.tenantUser(t.tenantId, userId).PK);

/** Counts the commands a TenantDb sends while `work` runs. */
async function countRequests(db: TenantDb, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const name = `countRequests-${Math.random()}`;
  rawClient(db).middlewareStack.add((next, context) => (args) => {
    sent.push(`${context.commandName}${(args.input as { IndexName?: string }).IndexName ? ` ${(args.input as { IndexName?: string }).IndexName}` : ''}`);
    return next(args);
  }, { step: 'initialize', name });
  try {
    await work();
  } finally {
    rawClient(db).middlewareStack.remove(name);
  }
  return sent;
}

describe('search by any word of a name', () => {
  test('splits names into words Unicode-aware, in search form, at most 7 word items', () => {
    assert.deepEqual(nameWordTexts('AWS squad'), ['squad']);
    assert.deepEqual(nameWordTexts('Farah Khan-Ali'), ['khan-ali', 'ali']);
    assert.deepEqual(nameWordTexts('(Legacy) Platform'), ['legacy) platform', 'platform']);
    assert.deepEqual(nameWordTexts('Ｄata ＴEAM 🚀 #2'), ['team 🚀 #2', '2']);
    assert.deepEqual(nameWordTexts('Zoë'), []);
    assert.equal(nameWordTexts('a b c d e f g h i j k').length, 7);
  });

  test('"Khan" finds Farah Khan, "squad" AWS squad, "pa" Uma Patel; a name start comes first', async () => {
    const t = await tenantWithTree();
    const squad = await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'AWS squad' });
    await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'Squad leads' });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Farah Khan') });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Uma Patel') });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Pat Lee') });

    assert.deepEqual(await found(t.db, 'Khan'), ['member:Farah Khan']);
    assert.deepEqual(await found(t.db, 'squad'), ['unit:Squad leads', 'unit:AWS squad']);
    assert.deepEqual(await found(t.db, 'pa'), ['member:Pat Lee', 'member:Uma Patel']);
    assert.deepEqual(await found(t.db, 'farah kh'), ['member:Farah Khan'], 'the whole name still matches with spaces');
    assert.deepEqual(await found(t.db, 'khan'), ['member:Farah Khan'], 'a later word matches to the end of the name');
    assert.deepEqual(await found(t.db, 'aws sq'), ['unit:AWS squad']);
    assert.deepEqual((await peoplePage(t.db, 'pa')).items.map((u) => u.name), ['Pat Lee', 'Uma Patel'], 'the member list by name too');
    assert.deepEqual((await peoplePage(t.db, 'squad')).items, [], 'units and their words are not members');
    const unit = (await search(t.db, 'squad')).find((r) => r.kind === 'unit' && r.unit.id === squad.id);
    assert.ok(unit?.kind === 'unit' && unit.unit.path === squad.path, 'a word match comes back as the whole unit');
  });

  test('a rename moves the words in the same transaction; a delete removes them', async () => {
    const t = await tenantWithTree();
    const squad = await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'AWS squad east' });
    assert.deepEqual(await unitWords(t, squad.id), ['squad east', 'east']);

    const renamed = await renameUnit(t.db, t.owner, { unitId: squad.id, name: 'GCP platform team', expectedVersion: squad.version });
    assert.deepEqual(await unitWords(t, squad.id), ['platform team', 'team']);
    assert.deepEqual(await found(t.db, 'squad'), []);
    assert.deepEqual(await found(t.db, 'east'), []);
    assert.deepEqual(await found(t.db, 'team'), ['unit:GCP platform team']);
    assert.deepEqual(await found(t.db, 'plat'), ['unit:GCP platform team']);

    const shorter = await renameUnit(t.db, t.owner, { unitId: squad.id, name: 'GCP', expectedVersion: renamed.version });
    assert.deepEqual(await unitWords(t, squad.id), [], 'positions the new name lacks are deleted');
    const longer = await renameUnit(t.db, t.owner, { unitId: squad.id, name: 'GCP data team', expectedVersion: shorter.version });
    assert.deepEqual(await unitWords(t, squad.id), ['data team', 'team']);

    await deleteUnit(t.db, t.owner, { unitId: squad.id, expectedVersion: longer.version });
    assert.deepEqual(await unitWords(t, squad.id), []);
    assert.deepEqual(await found(t.db, 'team'), []);

    // A person's words go with their profile (the last membership).
    const farah = person('Farah Khan');
    const m1 = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...farah });
    const m2 = await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: farah.userId });
    assert.deepEqual(await profileWords(t, farah.userId), ['khan']);
    await removeMembership(t.db, t.owner, { unitId: t.cloud.id, userId: farah.userId, expectedVersion: m1.version });
    assert.deepEqual(await profileWords(t, farah.userId), ['khan'], 'kept while another membership remains');
    await removeMembership(t.db, t.owner, { unitId: t.sales.id, userId: farah.userId, expectedVersion: m2.version });
    assert.deepEqual(await profileWords(t, farah.userId), []);
    assert.deepEqual(await found(t.db, 'khan'), []);

    const uma = person('Uma Patel');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...uma });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: uma.userId });
    await removeUserFromTenant(t.db, t.owner, uma.userId);
    assert.deepEqual(await profileWords(t, uma.userId), []);
  });

  test('a recursive delete removes the words of its units and of the people it removes, as one transaction or as a job', async () => {
    const t = await tenantWithTree();
    const small = await createUnit(t.db, t.owner, { parentId: t.root.id, name: 'Small branch' });
    const leaf = await createUnit(t.db, t.owner, { parentId: small.id, name: 'Leaf unit' });
    const ada = person('Ada Lovelace');
    await addMembership(t.db, t.owner, { unitId: leaf.id, role: 'member', ...ada });
    const oneTransaction = await deleteUnit(t.db, t.owner, { unitId: small.id, expectedVersion: small.version, recursive: true });
    assert.equal(oneTransaction.kind, 'deleted');
    assert.deepEqual([...(await unitWords(t, small.id)), ...(await unitWords(t, leaf.id)), ...(await profileWords(t, ada.userId))], []);

    const gone = await createUnit(t.db, t.owner, { parentId: t.root.id, name: 'Gone branch' });
    const built = await buildTree(t.tenantId, gone, { count: 60, fanout: 3, membersPerUnit: 1, users: 10 });
    assert.deepEqual(await unitWords(t, built.units[0].id), ['0']);
    const job = await deleteUnit(t.db, t.owner, { unitId: gone.id, expectedVersion: gone.version, recursive: true });
    assert.equal(job.kind, 'job');
    await settleBackgroundJobs();
    for (const u of [gone, ...built.units]) assert.deepEqual(await unitWords(t, u.id), [], `words of ${u.name}`);
    for (const userId of built.userIds) assert.deepEqual(await profileWords(t, userId), [], 'words of a person the job removed');
    assert.deepEqual(await found(t.db, 'branch'), []);
  });

  test('a name matching on two words, or on its start and a word, appears once', async () => {
    const t = await tenantWithTree();
    await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'Data data platform' });
    await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'Big data and data science' });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Ana Anders') });
    assert.deepEqual(await found(t.db, 'data'), ['unit:Data data platform', 'unit:Big data and data science']);
    assert.deepEqual(await found(t.db, 'ana'), ['member:Ana Anders']);
    // Paged one entry at a time, the member list still names each person once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await peoplePage(t.db, 'an', { limit: 1, cursor });
      seen.push(...page.items.map((u) => u.name));
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, ['Ana Anders']);
  });

  test('one Query per data set: names and emails, then one BatchGetItem of the owners found by a later word', async () => {
    const t = await tenantWithTree();
    await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'AWS squad' });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Squire Jones') });
    const byWord = await countRequests(t.db, () => search(t.db, 'squ'));
    assert.deepEqual(byWord.sort(), ['BatchGetItemCommand', 'QueryCommand GSI2', 'QueryCommand GSI3']);
    const byStart = await countRequests(t.db, () => search(t.db, 'aws'));
    assert.deepEqual(byStart.sort(), ['QueryCommand GSI2', 'QueryCommand GSI3'], 'no BatchGetItem without word matches');
    const members = await countRequests(t.db, () => peoplePage(t.db, 'jo'));
    assert.deepEqual(members.sort(), ['BatchGetItemCommand', 'QueryCommand GSI2', 'QueryCommand GSI3'], 'the member list: one page of each stream');
  });

  test("a tenant's search never returns another tenant's units or people", async () => {
    const [a, b] = await Promise.all([tenantWithTree('Alpha'), tenantWithTree('Beta')]);
    for (const t of [a, b]) {
      await createUnit(t.db, t.owner, { parentId: t.cloud.id, name: 'AWS squad' });
      await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person('Farah Khan') });
    }
    for (const t of [a, b]) {
      for (const q of ['squad', 'khan', 'aws', 'farah', 'cloud', 'owner']) {
        const results = await search(t.db, q);
        assert.ok(results.length > 0, q);
        for (const r of results) assert.equal(r.kind === 'unit' ? r.unit.tenantId : r.user.tenantId, t.tenantId, `${q}: ${label(r)}`);
      }
      for (const u of (await peoplePage(t.db, 'khan')).items) assert.equal(u.tenantId, t.tenantId);
    }
  });
});
