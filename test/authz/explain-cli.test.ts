// `npm run cli -- explain`: the operator's answer from the stored data, same decisions as the app.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { addMembership, loadActorAccess } from '../../lib/members';
import { addOperations, createChangeSet } from '../../lib/change-sets';
import { createUnit } from '../../lib/org';
import { run } from '../../scripts/cli/explain';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

async function output(args: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...a: unknown[]) => void lines.push(a.join(' '));
  console.error = console.log;
  try {
    const code = await run(args);
    return { code, text: lines.join('\n') };
  } finally {
    [console.log, console.error] = [log, error];
  }
}

describe('explain CLI', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  let engId: string, cloudId: string, salesId: string;
  const mia = { id: ulid(), email: '' };

  before(async () => {
    t = await newTenant('Cli');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    engId = (await createUnit(db, actor, { parentId: t.rootUnitId, name: 'Engineering' })).id;
    cloudId = (await createUnit(db, actor, { parentId: engId, name: 'Cloud' })).id;
    salesId = (await createUnit(db, actor, { parentId: t.rootUnitId, name: 'Sales' })).id;
    mia.email = `mia@${t.domain}`;
    await addMembership(db, actor, { unitId: engId, role: 'manager', userId: mia.id, email: mia.email, name: 'Mia Manager' });
  });

  test('names the granting membership for one action, by email', async () => {
    const { code, text } = await output(['--tenant', t.tenantId, '--user', mia.email, '--unit', cloudId, '--action', 'unit.rename']);
    assert.equal(code, 0, text);
    assert.match(text, /Holds\s+manager on Engineering/);
    assert.match(text, /unit\.rename\s+Cloud\s+yes\s+by manager on Engineering/);
    assert.match(text, /Who can administer Cloud[\s\S]*Cli Owner[\s\S]*owner on .*\(whole organization\)[\s\S]*Mia Manager/);
  });

  test('says what is missing outside the subtree, by user id', async () => {
    const { text } = await output(['--tenant', t.tenantId, '--user', mia.id, '--unit', salesId, '--action', 'unit.rename']);
    assert.match(text, /unit\.rename\s+Sales\s+no\s+You need to manage a unit above this unit to rename it\./);
  });

  test('every action at once, moves with --to', async () => {
    const { text } = await output(['--tenant', t.tenantId, '--user', mia.email, '--unit', cloudId, '--to', engId]);
    assert.match(text, /unit\.move\s+Cloud → under Engineering\s+yes/);
    assert.match(text, /tenant\.settings\.update\s+the organization\s+no\s+Only owners and admins/);
    assert.match(text, /membership\.add\s+Cloud, as member\s+yes/);
    assert.match(text, /membership\.changeRole\s+Cloud, member → manager\s+yes/);
  });

  test('someone outside the tenant holds nothing and may do nothing', async () => {
    const other = await newTenant('CliOther');
    const { code, text } = await output(['--tenant', t.tenantId, '--user', other.ownerEmail, '--unit', engId, '--action', 'tree.read']);
    assert.equal(code, 0);
    assert.match(text, /holds no membership in this organization/);
    assert.match(text, /tree\.read\s+Engineering\s+no/);
  });

  test('answers for a change set with --set: its author and the owners own it, a manager of a touched unit works on it', async () => {
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Cli Owner', access: await loadActorAccess(db, t.ownerUserId) };
    const header = await createChangeSet(db, owner, { name: 'Cloud rename' });
    await addOperations(db, owner, header.setId, header.version, [{ kind: 'renameUnit', unitId: cloudId, name: 'Cloud Platform' }]);
    const { text } = await output(['--tenant', t.tenantId, '--user', mia.email, '--set', header.setId]);
    assert.match(text, /changeSet\.read\s+change set Cloud rename\s+yes\s+by manager on Engineering/);
    assert.match(text, /changeSet\.change\s+change set Cloud rename\s+yes\s+by manager on Engineering/);
    assert.match(text, /changeSet\.update\s+change set Cloud rename\s+no\s+Only the person who wrote this change set/);
    assert.match(text, /changeSet\.draft\s+the organization\s+yes/);
  });

  test('bad arguments print the usage', async () => {
    assert.equal((await output(['--tenant', t.tenantId])).code, 1);
    assert.equal((await output(['--tenant', t.tenantId, '--user', mia.email, '--action', 'unit.fly'])).code, 1);
  });
});
