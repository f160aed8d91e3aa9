// The directory rules form's conversions: a group mapping's custom roles come from the saved rules
// into the form and go back into the rules the API takes; a mapping without any sends none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draftFromRules, rulesFromDraft } from '../../components/directory-sync/rules-draft';
import type { UnitOption } from '../../lib/screens/members';

const option = (id: string, name: string): UnitOption => ({ id, name, parents: [], addRoles: [], inviteRoles: [] });

test("a mapping's custom roles round-trip through the form", () => {
  const root = option('R', 'Acme');
  const finance = option('F', 'Finance');
  const rules = {
    groups: [
      { groupId: 'G1', unitId: 'F', role: 'member' as const, roles: ['budget-approver'] },
      { groupId: 'G2', unitId: 'F', role: 'manager' as const },
    ],
  };
  const draft = draftFromRules(rules, { F: finance }, root);
  assert.deepEqual(draft.groups.map((g) => g.roles), [['budget-approver'], []]);
  assert.deepEqual(rulesFromDraft(draft, root).rules?.groups, rules.groups);
});
