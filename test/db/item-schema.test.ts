// Items become domain objects through schemas at the boundary: a well-formed item parses (keys
// dropped), a malformed one is an internal error naming its key and the attributes at fault but
// none of their values, answered as a 500. No network.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StoredItemError } from '../../lib/db';
import { toHttpError } from '../../lib/errors/http';
import { logTo } from '../../lib/observability';
import { toMembership } from '../../lib/members/membership-items';
import { toUnit, unitItem } from '../../lib/org/unit-item';

const unit = {
  tenantId: 't1', id: '01J0000000000000000000000A', name: 'Sales', parentId: null, path: '/01J0000000000000000000000A/', depth: 0,
  childCount: 2, memberCount: 1, version: 3, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z', administrators: {},
};

describe('stored item schemas', () => {
  test('a stored unit comes back as the unit written, without its keys', () => {
    assert.deepEqual(toUnit(unitItem(unit)), unit);
    assert.deepEqual(toUnit({ ...unitItem(unit), lock: 'job1' }), { ...unit, lockedBy: 'job1' });
  });

  test('a malformed item names its key and attributes, never their values, and answers 500', () => {
    const item = { ...unitItem(unit), name: 12345, version: 'secret-value' };
    const error = (() => { try { toUnit(item); } catch (e) { return e; } })();
    assert.ok(error instanceof StoredItemError);
    assert.match(error.message, /unit item T#t1#U#01J0000000000000000000000A \/ UNIT/);
    assert.match(error.message, /name: invalid_type/);
    assert.match(error.message, /version: invalid_type/);
    assert.doesNotMatch(error.message, /12345|secret-value/);
    const restore = logTo({ write: () => {} });
    try {
      assert.equal(toHttpError(error).status, 500);
    } finally {
      restore();
    }
  });

  test('a membership with a role outside the list is refused', () => {
    const item = { PK: 'p', SK: 's', tenantId: 't1', unitId: 'u', userId: 'x', role: 'emperor', unitPath: '/u/', version: 1, createdAt: 'a', updatedAt: 'b' };
    assert.throws(() => toMembership(item), (e: Error) => e instanceof StoredItemError && /role: invalid_value/.test(e.message) && !e.message.includes('emperor'));
  });
});
