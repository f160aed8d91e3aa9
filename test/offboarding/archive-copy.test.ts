// A tenant's export as one archive read back (docs/offboarding.md): export → .tar.gz → its
// checksums verify → delete → `tenant copy --from-archive` → the tenant's items are back (sealed
// secrets excepted: they never leave). A tampered archive, another tenant's, or a file that is no
// archive is refused before anything is written.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ARCHIVE_ENTRIES, deleteTenant, redactSecrets, scanTenantItems, type StoredItem } from '../../lib/offboarding';
import { describeEntry } from '../../lib/offboarding/export-tenant';
import { readTarGz, writeTarGz } from '../../lib/offboarding/tar-gz';
import { run as tenantCli } from '../../scripts/cli/tenant';
import { runCli } from '../support/cli';
import { testOperatorDb } from '../support/tenancy';
import { footprint, seededTenant, sortedIds } from './fixtures';

const operatorScope = (tenantId: string) => ({ tenant: { ...testOperatorDb(), tenantId }, platform: testOperatorDb() });

/** An item as an export shows it: sets as sorted arrays, sealed secrets as the marker. */
const asExported = (item: StoredItem) =>
  JSON.parse(JSON.stringify(redactSecrets(item).item, (_k, v) => (v instanceof Set ? [...v].sort() : v))) as StoredItem;

async function exportOf(tenantId: string): Promise<string> {
  const { code, out } = await runCli(tenantCli, ['export', tenantId, '--out', mkdtempSync(join(tmpdir(), 'arbor-archive-'))]);
  assert.equal(code, 0, out);
  return /Exported .* to (.+\.tar\.gz)$/m.exec(out)![1]!;
}

/** The archive with one entry's bytes changed and the manifest left as it was. */
async function tampered(archive: string, change: (entries: Map<string, Buffer>) => void): Promise<string> {
  const entries = await readTarGz(archive, { names: ARCHIVE_ENTRIES, maxBytes: 1e8 });
  change(entries);
  const path = join(mkdtempSync(join(tmpdir(), 'arbor-tampered-')), 'export.tar.gz');
  await writeTarGz(path, [...entries].map(([name, data]) => ({ name, data })), new Date());
  return path;
}

describe('tenant copy --from-archive', () => {
  test('export, delete, copy back from the archive: the same items, people included', async () => {
    const s = await seededTenant('Archived');
    const before = await footprint(s.t.tenantId, [s.t.ownerUserId]);
    const archive = await exportOf(s.t.tenantId);
    await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', scan: (t) => scanTenantItems(testOperatorDb(), t) });
    assert.equal((await footprint(s.t.tenantId, [s.t.ownerUserId])).size, 0);

    const { code, out } = await runCli(tenantCli, ['copy', s.t.tenantId, '--from-archive', archive]);
    assert.equal(code, 0, out);
    assert.match(out, /every entry matches its SHA-256/);
    assert.match(out, /set again \(secrets are never exported\): ssoConnection clientSecret/);
    const after = await footprint(s.t.tenantId, [s.t.ownerUserId]);
    assert.deepEqual(sortedIds(after), sortedIds(before), 'every item back, none extra');
    for (const [id, item] of before) assert.deepEqual(asExported(after.get(id)!), asExported(item), id);
  });

  test('a changed byte, another tenant\'s archive or no archive at all is refused, and nothing is written', async () => {
    const s = await seededTenant('Tampered');
    const other = await seededTenant('Other');
    const otherBefore = await footprint(other.t.tenantId, [other.t.ownerUserId]);
    const archive = await exportOf(s.t.tenantId);
    await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', scan: (t) => scanTenantItems(testOperatorDb(), t) });

    const changedItem = await tampered(archive, (e) => e.set('items.jsonl', Buffer.from(e.get('items.jsonl')!.toString('utf8').replace('Cloud', 'Clown'))));
    const extraEntry = await tampered(archive, (e) => e.set('units.csv', Buffer.concat([e.get('units.csv')!, Buffer.from('x\n')])));
    // Checksums made to match: they prove an archive unchanged, not whose items it holds.
    const intoOther = await tampered(archive, (e) => {
      const items = e.get('items.jsonl')!.toString('utf8').split('\n');
      const unit = items.findIndex((line) => line.includes('"type":"unit"'));
      items[unit] = items[unit]!.replaceAll(s.t.tenantId, other.t.tenantId);
      e.set('items.jsonl', Buffer.from(items.join('\n')));
      const manifest = JSON.parse(e.get('manifest.json')!.toString('utf8'));
      manifest.files['items.jsonl'] = { ...manifest.files['items.jsonl'], ...describeEntry(e.get('items.jsonl')!) };
      e.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    });
    const notAnArchive = join(mkdtempSync(join(tmpdir(), 'arbor-tampered-')), 'export.tar.gz');
    writeFileSync(notAnArchive, 'not a tar.gz');
    const cases: [string, RegExp][] = [
      [changedItem, /items\.jsonl does not match its SHA-256 in the manifest/],
      [extraEntry, /units\.csv does not match its SHA-256/],
      [await exportOf(other.t.tenantId), /export of another organization/],
      [intoOther, /holds an item outside this organization/],
      [notAnArchive, /not a gzip-compressed tar file/],
      [join(tmpdir(), 'no-such-archive.tar.gz'), /no such file/],
    ];
    for (const [path, message] of cases) {
      const { code, out } = await runCli(tenantCli, ['copy', s.t.tenantId, '--from-archive', path]);
      assert.equal(code, 1, out);
      assert.match(out, message);
      assert.match(out, /Nothing was written/);
    }
    assert.equal((await footprint(s.t.tenantId, [s.t.ownerUserId])).size, 0, 'nothing of the tenant was written');
    assert.deepEqual(sortedIds(await footprint(other.t.tenantId, [other.t.ownerUserId])), sortedIds(otherBefore), 'nothing of the other tenant either');
  });
});
