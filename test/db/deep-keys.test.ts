// Keys at the deepest level (MAX_DEPTH = 35 below the top unit) with 26-character ids and the
// longest names: every key of the items a unit and a membership there are made of stays inside
// DynamoDB's limits (partition keys 2,048 bytes, sort keys 1,024 bytes), measured in UTF-8 bytes.
// The keys are built by the same functions the writes use; test/org/deepest-tree.test.ts writes
// them to DynamoDB Local.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { childPath, depthOf, MAX_DEPTH, rootPath, sortKeys, UNIT_PATH } from '../../lib/db';
import { unitItem } from '../../lib/org/unit-item';
import { unitMemberItem, userMembershipItem } from '../../lib/members/membership-items';
import { NAME_MAX_LENGTH, SEARCH_KEY_MAX_BYTES, searchKey, validateName } from '../../lib/validation';

const PARTITION_KEY_BYTES = 2048;
const SORT_KEY_BYTES = 1024;
const bytes = (s: unknown) => Buffer.byteLength(String(s), 'utf8');

/** A path from the top unit down `depth` levels, of fresh ULIDs. */
function pathAt(depth: number): string {
  let path = rootPath(ulid());
  for (let d = 0; d < depth; d++) path = childPath(path, ulid());
  return path;
}

/** The longest name a unit may have, in the most bytes its search form may take. */
function longestName(): string {
  // A four-byte character (outside the BMP) that normalizing and lower-casing leave alone: the
  // most bytes per character a name can have, NAME_MAX_LENGTH times.
  return validateName('𠀀'.repeat(NAME_MAX_LENGTH), 'unit');
}

const KEY_ATTRIBUTES = {
  partition: ['PK', 'GSI1PK', 'GSI2PK', 'GSI3PK', 'GSI4PK'],
  sort: ['SK', 'GSI1SK', 'GSI2SK', 'GSI3SK', 'GSI4SK'],
};

function assertKeysFit(item: Record<string, unknown>, what: string) {
  for (const a of KEY_ATTRIBUTES.partition) if (item[a] !== undefined) assert.ok(bytes(item[a]) <= PARTITION_KEY_BYTES, `${what} ${a}: ${bytes(item[a])} bytes`);
  for (const a of KEY_ATTRIBUTES.sort) if (item[a] !== undefined) assert.ok(bytes(item[a]) <= SORT_KEY_BYTES, `${what} ${a}: ${bytes(item[a])} bytes`);
}

describe('keys at the deepest level', () => {
  test('the limit is 35 levels below the top unit', () => {
    assert.equal(MAX_DEPTH, 35);
  });

  test('a unit path at depth 35 is 973 bytes, and the path pattern takes it but not one level more', () => {
    const deepest = pathAt(MAX_DEPTH);
    assert.equal(depthOf(deepest), 35);
    assert.equal(bytes(deepest), 36 * 27 + 1);
    assert.equal(bytes(deepest), 973);
    assert.ok(UNIT_PATH.test(deepest));
    assert.ok(UNIT_PATH.test(rootPath(ulid())));
    assert.equal(UNIT_PATH.test(childPath(deepest, ulid())), false, 'depth 36 is no unit path');
  });

  test('the unit item at depth 35 with the longest name: every key fits', () => {
    const name = longestName();
    assert.ok(bytes(searchKey(name)) >= SEARCH_KEY_MAX_BYTES - 4, `the name's search form is near its bound (${bytes(searchKey(name))} bytes)`);
    const path = pathAt(MAX_DEPTH);
    const ids = path.split('/').filter(Boolean);
    const now = new Date().toISOString();
    const item = unitItem({
      tenantId: ulid(), id: ids.at(-1)!, name, parentId: ids.at(-2)!, path, depth: MAX_DEPTH,
      childCount: 0, memberCount: 1, version: 1, createdAt: now, updatedAt: now,
    });
    assert.equal(item.GSI1SK, path, 'the tree index sorts by the path');
    assert.equal(bytes(item.GSI1SK), 973);
    assertKeysFit(item, 'unit');
  });

  test('both membership items at depth 35: the member-tree sort key is 999 bytes', () => {
    const path = pathAt(MAX_DEPTH);
    const now = new Date().toISOString();
    const m = {
      tenantId: ulid(), unitId: path.split('/').filter(Boolean).at(-1)!, userId: ulid(), role: 'manager' as const,
      email: `${'a'.repeat(64)}@${'b'.repeat(180)}.example`, name: longestName(), unitPath: path, version: 1, createdAt: now, updatedAt: now,
    };
    const unitSide = unitMemberItem(m);
    assert.equal(unitSide.GSI1SK, sortKeys.memberInTree(path, m.userId));
    assert.equal(bytes(unitSide.GSI1SK), 999);
    assertKeysFit(unitSide, 'unit → user');
    assertKeysFit(userMembershipItem(m), 'user → unit');
  });

  test('one level more would not fit: 35 is the deepest this path encoding allows', () => {
    const tooDeep = pathAt(MAX_DEPTH + 1);
    assert.equal(bytes(sortKeys.memberInTree(tooDeep, ulid())), 1026);
    assert.ok(bytes(sortKeys.memberInTree(tooDeep, ulid())) > SORT_KEY_BYTES);
  });
});
