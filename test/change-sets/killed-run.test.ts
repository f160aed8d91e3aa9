// A change set applied by a process that is killed mid-run (SIGKILL, no chance to clean up): the
// next wake-up after its lease resumes it from the header's record and it ends applied, exactly
// as intended, each change made once; meanwhile the touched units refuse other edits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { ulid } from 'ulid';
import { renameUnit } from '../../lib/org';
import { readChangeSet, runDueChangeSets } from '../../lib/change-sets';
import { testPlatformDb } from '../support/tenancy';
import { tenantDbFor } from '../support/tenant-db';
import { approve, assertNoLocks, auditEntries, code, draft, intendedAfter, reorgTenant, standardOperations, treeState } from './fixtures';

test('a run killed after its first operation is resumed by the next due pass and ends applied', async () => {
  const t = await reorgTenant('Killed');
  const researchId = ulid();
  const before = await treeState(t.tenantId);
  const set = await draft(t, standardOperations(t, researchId));
  const setId = set.header.setId;
  await approve(t, setId);

  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'changeset', 'apply', '--tenant', t.tenantId, '--set', setId, '--lease-ms', '1500', '--hold-after', '1'], {
    env: process.env, stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('holding after operation 1')) resolve();
    });
    child.on('exit', (c) => reject(new Error(`the CLI exited (${c}) before holding`)));
  });
  child.kill('SIGKILL');

  const held = (await readChangeSet(t.db, setId)).header;
  assert.equal(held.status, 'applying');
  assert.equal(held.run?.next, 1);
  await assert.rejects(renameUnit(t.db, t.owner, { unitId: t.units.infra.id, name: 'Elsewhere', expectedVersion: t.units.infra.version }), code('unit.locked'));

  const runDue = () => runDueChangeSets({ platform: testPlatformDb(), tenantDb: async (id) => tenantDbFor(id) });
  await runDue();
  assert.equal((await readChangeSet(t.db, setId)).header.status, 'applying', 'the lease has not run out yet: left alone');
  await new Promise((r) => setTimeout(r, 1600));
  await runDue();
  const done = (await readChangeSet(t.db, setId)).header;
  assert.equal(done.status, 'applied', JSON.stringify(done.run));
  assert.deepEqual(await treeState(t.tenantId), intendedAfter(t, before, researchId));
  await assertNoLocks(t.tenantId);
  const made = (await auditEntries(t.tenantId)).filter((e) => e.changeSetId === setId);
  assert.equal(made.length, new Set(made.map((e) => `${e.action} ${(e.target as { id: string }).id} ${JSON.stringify(e.after)}`)).size, 'no change made twice');
});
