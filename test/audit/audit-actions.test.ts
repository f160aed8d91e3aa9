// The audit action catalogue (lib/audit/audit-actions.ts) against the code: every action an audit
// entry is written with in lib/ has a label there, and the catalogue lists each action once.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, auditActionLabel } from '../../lib/audit';

const ROOT = join(import.meta.dirname, '..', '..');
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * Actions written in lib/: the dotted literals of an entry's `action:` (a condition may pick one
 * of two) and of the calls to helpers that build entries (auditEntryPut, setAudit, auditSso …).
 */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources('lib')) {
    if (file.endsWith('audit-actions.ts')) continue;
    for (const [n, line] of readFileSync(join(ROOT, file), 'utf8').split('\n').entries()) {
      const at = line.search(/\baction: |[aA]udit\w*\(/);
      if (at < 0) continue;
      for (const [, action] of line.slice(at).matchAll(/'([a-z][a-zA-Z]*\.[a-z][a-zA-Z]+)'/g)) found.set(action, `${file}:${n + 1}`);
    }
  }
  return found;
}

describe('audit action catalogue', () => {
  test('every action written in lib/ has a label', () => {
    const written = writtenActions();
    assert.ok(written.size >= 40, `found only ${written.size} written actions: the scan lost its way`);
    const unlabelled = [...written].filter(([action]) => !(AUDIT_ACTIONS as readonly string[]).includes(action)).map(([a, where]) => `${a} (${where})`);
    assert.deepEqual(unlabelled, [], 'add these to lib/audit/audit-actions.ts with the words people read for them');
  });

  test('each action is listed once, with words rather than its code', () => {
    const all = AUDIT_ACTION_GROUPS.flatMap((g) => Object.keys(g.actions));
    assert.equal(new Set(all).size, all.length);
    for (const action of AUDIT_ACTIONS) assert.doesNotMatch(auditActionLabel(action), /^[a-z]+\.[a-zA-Z]+$/, action);
    assert.equal(auditActionLabel('unit.move'), 'Unit moved');
  });

  test('the filter lists the role catalogue\'s actions, in a group of their own', () => {
    const roles = AUDIT_ACTION_GROUPS.find((g) => g.group === 'Roles');
    assert.ok(roles, 'a "Roles" group');
    assert.deepEqual(Object.keys(roles.actions).sort(), ['permission.create', 'permission.delete', 'permission.update', 'role.create', 'role.delete', 'role.update']);
  });

  test('the filter lists the actions a unit move and a role change are written with', () => {
    for (const action of ['unit.move', 'membership.roleChange', 'domain.verify', 'sso.enable', 'changeSet.apply']) {
      assert.ok((AUDIT_ACTIONS as readonly string[]).includes(action), action);
    }
  });
});
