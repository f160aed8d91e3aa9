// The pseudonym (lib/erasure/pseudonym.ts) without a network, and a guard on the list of audit
// actions erasure searches: every audit entry written with an address in lib/ uses one of them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { ERASED_EMAIL, ERASED_NAME, PERSON_ACTIONS, pseudonymise, mentions } from '../../lib/erasure';
import { changeSetItemChanges } from '../../lib/erasure/change-set-records';
import { auditEntryChanges } from '../../lib/erasure/rewrite-audit-entries';

const ada = { userId: '01JADA0000000000000000000A', email: 'ada@acme.test', names: ['Ada Lovelace'] };

describe('pseudonymise', () => {
  test('replaces her email and names, keeps ids and other people', () => {
    const value = {
      userId: ada.userId, email: 'ada@acme.test', role: 'owner',
      note: 'Sent to ADA@acme.test yesterday', who: 'Ada Lovelace', short: 'Ada',
      others: [{ userId: 'x', email: 'bob@acme.test', name: 'Bob' }],
    };
    assert.deepEqual(pseudonymise(value, ada), {
      userId: ada.userId, email: ERASED_EMAIL, role: 'owner',
      note: `Sent to ${ERASED_EMAIL} yesterday`, who: ERASED_NAME, short: 'Ada',
      others: [{ userId: 'x', email: 'bob@acme.test', name: 'Bob' }],
    });
    assert.equal(mentions(value, ada), true);
  });

  test('an object carrying her id loses its name and email whatever they were', () => {
    assert.deepEqual(pseudonymise({ userId: ada.userId, email: 'old@acme.test', name: 'Ada King' }, ada), { userId: ada.userId, email: ERASED_EMAIL, name: ERASED_NAME });
  });

  test('unchanged values are returned as they are (the same reference)', () => {
    const value = { role: 'member', list: ['a', 'b'] };
    assert.equal(pseudonymise(value, ada), value);
    assert.equal(mentions(value, ada), false);
  });

  test('an audit entry: actor, target label, before and after; nothing else', () => {
    const entry = {
      PK: 'T#t#AUDIT', SK: '01J', action: 'membership.remove', unitId: 'U1',
      actor: { userId: 'o', email: 'owner@acme.test' },
      target: { type: 'membership', id: `U1/${ada.userId}`, label: 'ada@acme.test' },
      before: { userId: ada.userId, email: 'ada@acme.test', role: 'member' },
    };
    assert.deepEqual(auditEntryChanges(entry, ada), {
      target: { type: 'membership', id: `U1/${ada.userId}`, label: ERASED_NAME },
      before: { userId: ada.userId, email: ERASED_EMAIL, role: 'member' },
    });
    assert.deepEqual(auditEntryChanges({ ...entry, actor: { userId: ada.userId, email: 'ada@acme.test', name: 'Ada Lovelace' }, target: { type: 'unit', id: 'U1', label: 'Cloud' }, before: undefined }, ada), {
      actor: { userId: ada.userId, email: ERASED_EMAIL, name: ERASED_NAME },
    });
  });

  test('someone else with her name keeps it: another actor, their details, a unit of that name', () => {
    const namesake = { userId: '01JNAMESAKE000000000000000', email: 'ada.l@acme.test', name: 'Ada Lovelace' };
    const entry = {
      PK: 'T#t#AUDIT', SK: '01K', action: 'membership.roleChange',
      actor: namesake,
      target: { type: 'membership', id: `U1/${ada.userId}`, label: 'Ada Lovelace' },
      before: { role: 'member', by: namesake }, after: { role: 'manager', note: 'Ada Lovelace' },
    };
    assert.deepEqual(auditEntryChanges(entry, ada), { target: { type: 'membership', id: `U1/${ada.userId}`, label: ERASED_NAME } }, 'only the target, which is her');
    assert.deepEqual(auditEntryChanges({ ...entry, target: { type: 'unit', id: 'U2', label: 'Ada Lovelace' } }, ada), {});
    // Her address is hers wherever it appears, even inside someone else's record.
    assert.deepEqual(pseudonymise({ ...namesake, note: 'ada@acme.test' }, ada), { ...namesake, note: ERASED_EMAIL });
  });

  test('a change set: her operation, basis, inverse and review; not the namesake beside her', () => {
    const namesake = { userId: '01JNAMESAKE000000000000000', email: 'ada.l@acme.test', name: 'Ada Lovelace' };
    const op = {
      PK: 'T#t#REORG#S1', SK: 'OP#00001', type: 'changeSetOp', seq: 1,
      op: { kind: 'changeRole', userId: ada.userId, unitId: 'U1', role: 'member' },
      basis: { units: {}, memberships: {}, people: { [ada.userId]: { name: 'Ada Lovelace', email: 'ada@acme.test' }, [namesake.userId]: { name: namesake.name, email: namesake.email } } },
      addedBy: namesake,
    };
    assert.deepEqual(changeSetItemChanges(op, ada), {
      basis: { units: {}, memberships: {}, people: { [ada.userId]: { name: ERASED_NAME, email: ERASED_EMAIL }, [namesake.userId]: { name: namesake.name, email: namesake.email } } },
    });
    const putBack = (who: typeof namesake) => ({ kind: 'addMember', userId: who.userId, unitId: 'U1', role: 'member', person: { email: who.email, name: who.name } });
    const undo = { PK: 'T#t#REORG#S1', SK: 'UNDO#00001', type: 'changeSetUndo', seq: 1, inverse: [putBack({ ...ada, name: 'Ada Lovelace' }), putBack(namesake)] };
    assert.deepEqual(changeSetItemChanges(undo, ada), {
      inverse: [{ ...putBack({ ...ada, name: 'Ada Lovelace' }), person: { email: ERASED_EMAIL, name: ERASED_NAME } }, putBack(namesake)],
    });
    const review = { PK: 'T#t#REORG#S1', SK: `REVIEW#${ada.userId}`, type: 'changeSetReview', userId: ada.userId, name: 'Ada Lovelace', email: 'ada@acme.test', decision: 'approve' };
    assert.deepEqual(changeSetItemChanges(review, ada), { name: ERASED_NAME, email: ERASED_EMAIL });
    assert.deepEqual(changeSetItemChanges({ ...op, SK: 'SET' }, ada), {}, 'the header is not rewritten');
  });
});

/** The text of a call's parentheses, from the `(` at `open` to its match (string contents may hold parentheses: rare enough here). */
function callText(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '(') depth++;
    if (src[i] === ')' && --depth === 0) return src.slice(open, i + 1);
  }
  return src.slice(open);
}

describe('PERSON_ACTIONS', () => {
  const ROOT = join(import.meta.dirname, '../..');
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = join(dir, name);
      return statSync(join(ROOT, path)).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
    });

  test('every audit entry written with an email or a user id in its details uses an action erasure searches', () => {
    const missing: string[] = [];
    for (const file of files('lib')) {
      const src = readFileSync(join(ROOT, file), 'utf8');
      for (const m of src.matchAll(/auditEntryPut\(/g)) {
        const call = callText(src, m.index! + 'auditEntryPut'.length);
        // An entry about a person: their address as a label or detail, or their user id in it.
        if (!/label: [\w.]*email|email[,:]|owner: |userId[,:]|user\.userId|next\.userId/.test(call.replace(/actor[^,]*,/, ''))) continue;
        for (const [, action] of call.matchAll(/'([a-z]+\.[a-zA-Z]+)'/g)) {
          if (!(PERSON_ACTIONS as readonly string[]).includes(action)) missing.push(`${relative(ROOT, join(ROOT, file))}: ${action}`);
        }
      }
    }
    assert.deepEqual(missing, [], 'add these to lib/erasure/person-actions.ts (or show they never name a person)');
  });
});
