// The enterprise extension's `manager` as a reporting line: set by create, replace and patch
// through the same write as the console's (source `directory`), cleared when the directory
// removes it, awaited when the manager arrives later, and a loop refused with 400 invalidValue
// and nothing written.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { removeUserFromTenant } from '../../lib/members';
import { getReportingLine } from '../../lib/reporting-lines';
import { ENTERPRISE, newDirectory, PATCH, user } from './support';

const withManager = (domain: string, name: string, managerId: string | null) =>
  user(domain, name, { [ENTERPRISE]: managerId === null ? { department: 'Eng' } : { department: 'Eng', manager: { value: managerId } } });

describe('SCIM manager → reporting line', () => {
  test('create, replace and patch set the line; removing the manager clears it', async () => {
    const d = await newDirectory('scimmgr');
    const boss = await d.call('POST', 'Users', withManager(d.domain, 'boss', null));
    const deputy = await d.call('POST', 'Users', withManager(d.domain, 'deputy', null));
    assert.equal(boss.status, 201);
    const ada = await d.call('POST', 'Users', withManager(d.domain, 'ada', boss.body!.id));
    assert.equal(ada.status, 201, JSON.stringify(ada.body));
    const line = await getReportingLine(d.db, ada.body!.id);
    assert.deepEqual([line?.managerId, line?.source], [boss.body!.id, 'directory']);

    const replaced = await d.call('PUT', `Users/${ada.body!.id}`, withManager(d.domain, 'ada', deputy.body!.id));
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal((await getReportingLine(d.db, ada.body!.id))?.managerId, deputy.body!.id);

    const patched = await d.call('PATCH', `Users/${ada.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: `${ENTERPRISE}:manager`, value: { value: boss.body!.id } }] });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal((await getReportingLine(d.db, ada.body!.id))?.managerId, boss.body!.id);

    const removed = await d.call('PATCH', `Users/${ada.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `${ENTERPRISE}:manager` }] });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(await getReportingLine(d.db, ada.body!.id), undefined);
  });

  test('a manager sent before their own User gets the line when they arrive', async () => {
    const d = await newDirectory('scimwait');
    // Okta and Entra send the SCIM id Arbor answered; a manager not created yet is an id not known yet.
    const ada = await d.call('POST', 'Users', withManager(d.domain, 'ada', null));
    const boss = await d.call('POST', 'Users', withManager(d.domain, 'boss', null));
    const bossId = boss.body!.id as string;
    // Boss leaves and comes back with the same identity: their id is the same Arbor user id.
    assert.equal((await d.call('DELETE', `Users/${bossId}`)).status, 204);
    const set = await d.call('PUT', `Users/${ada.body!.id}`, withManager(d.domain, 'ada', bossId));
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(await getReportingLine(d.db, ada.body!.id), undefined, 'not known yet: awaited');
    const back = await d.call('POST', 'Users', withManager(d.domain, 'boss', null));
    assert.equal(back.status, 201, JSON.stringify(back.body));
    assert.equal(back.body!.id, bossId);
    assert.equal((await getReportingLine(d.db, ada.body!.id))?.managerId, bossId);
  });

  test('a loop sent by the IdP is 400 invalidValue, and nothing is written', async () => {
    const d = await newDirectory('scimloop');
    const a = await d.call('POST', 'Users', withManager(d.domain, 'a', null));
    const b = await d.call('POST', 'Users', withManager(d.domain, 'b', a.body!.id));
    const before = await d.call('GET', `Users/${a.body!.id}`);
    const loop = await d.call('PUT', `Users/${a.body!.id}`, withManager(d.domain, 'a', b.body!.id));
    assert.equal(loop.status, 400, JSON.stringify(loop.body));
    assert.equal(loop.body!.scimType, 'invalidValue');
    assert.match(String(loop.body!.detail), /loop of managers/);
    const after = await d.call('GET', `Users/${a.body!.id}`);
    assert.deepEqual(after.body, before.body);
    assert.equal(await getReportingLine(d.db, a.body!.id), undefined);
    const self = await d.call('PUT', `Users/${a.body!.id}`, withManager(d.domain, 'a', a.body!.id));
    assert.equal(self.status, 400);
    assert.equal(self.body!.scimType, 'invalidValue');
  });

  test('a manager sent as the directory\'s own id is found by externalId; one unknown is kept and clears nothing', async () => {
    const d = await newDirectory('scimext');
    const boss = await d.call('POST', 'Users', { ...withManager(d.domain, 'boss', null), externalId: 'E100' });
    const ada = await d.call('POST', 'Users', withManager(d.domain, 'ada', 'E100'));
    assert.equal(ada.status, 201, JSON.stringify(ada.body));
    assert.equal((await getReportingLine(d.db, ada.body!.id))?.managerId, boss.body!.id);
    const unknown = await d.call('PUT', `Users/${ada.body!.id}`, withManager(d.domain, 'ada', 'E999'));
    assert.equal(unknown.status, 200, JSON.stringify(unknown.body));
    assert.equal(unknown.body![ENTERPRISE].manager.value, 'E999', 'kept as data');
    assert.equal((await getReportingLine(d.db, ada.body!.id))?.managerId, boss.body!.id, 'the line stays');
  });

  test('a placement that brings someone back sets their line and the lines awaiting them', async () => {
    const d = await newDirectory('scimback');
    const owner = { userId: d.ownerUserId, email: `owner@${d.domain}` };
    const boss = await d.call('POST', 'Users', withManager(d.domain, 'boss', null));
    const bossId = boss.body!.id as string;
    const ada = await d.call('POST', 'Users', withManager(d.domain, 'ada', bossId));
    const adaId = ada.body!.id as string;
    // Removed in Arbor by hand, still in the directory: back with their next placement.
    await removeUserFromTenant(d.db, owner, adaId);
    assert.equal(await getReportingLine(d.db, adaId), undefined);
    const moved = await d.call('PUT', `Users/${adaId}`, user(d.domain, 'ada', { [ENTERPRISE]: { department: 'Sales', manager: { value: bossId } } }));
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await getReportingLine(d.db, adaId))?.managerId, bossId, 'her own line, on arrival');

    // The boss away from Arbor: a manager named meanwhile is awaited, and set when they come back.
    await removeUserFromTenant(d.db, owner, bossId);
    const cy = await d.call('POST', 'Users', withManager(d.domain, 'cy', bossId));
    assert.equal(await getReportingLine(d.db, cy.body!.id), undefined);
    const back = await d.call('PUT', `Users/${bossId}`, user(d.domain, 'boss', { [ENTERPRISE]: { department: 'Sales' } }));
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal((await getReportingLine(d.db, cy.body!.id))?.managerId, bossId);
  });
});
