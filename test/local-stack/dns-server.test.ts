// The local stack's DNS server, asked through node:dns exactly as the app asks a real resolver:
// TXT values set in process or through the admin API, NXDOMAIN for unknown names, long values
// split into 255-byte strings, names without case, records kept in the data file.
import assert from 'node:assert/strict';
import { promises as dns } from 'node:dns';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDnsServer, type LocalDnsServer } from '../../scripts/local-stack/dns';

describe('local DNS server', () => {
  let server: LocalDnsServer;
  let resolver: dns.Resolver;
  const dataFile = join(mkdtempSync(join(tmpdir(), 'arbor-dns-')), 'records.json');

  const errorCode = (p: Promise<unknown>) => p.then(() => 'resolved', (e: NodeJS.ErrnoException) => e.code);
  const admin = (path: string, init: RequestInit = {}, token = server.adminToken) =>
    fetch(`${server.adminUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

  before(async () => {
    server = await startDnsServer({ port: 0, adminPort: 0, dataFile });
    resolver = new dns.Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([server.server]);
  });
  after(() => server.stop());

  test('a set name answers its TXT values', async () => {
    server.setTxt('acme.test', ['arbor-verification=abc123', 'v=spf1 -all']);
    const txt = await resolver.resolveTxt('acme.test');
    assert.deepEqual(txt.map((chunks) => chunks.join('')).sort(), ['arbor-verification=abc123', 'v=spf1 -all']);
  });

  test('a name never set is NXDOMAIN, another type of a set name has no data', async () => {
    assert.equal(await errorCode(resolver.resolveTxt('absent.acme.test')), 'ENOTFOUND');
    server.setTxt('typed.test', ['x']);
    assert.equal(await errorCode(resolver.resolve4('typed.test')), 'ENODATA');
  });

  test('values longer than 255 bytes come back as 255-byte strings that join to the value', async () => {
    // 600 bytes fit one UDP answer; 3000 do not, so the resolver asks again over TCP.
    for (const length of [600, 3000]) {
      const value = `arbor-verification=${'x'.repeat(length)}`;
      server.setTxt('long.test', [value]);
      const [chunks] = await resolver.resolveTxt('long.test');
      assert.ok(chunks.length > 1 && chunks.every((c) => Buffer.byteLength(c) <= 255));
      assert.equal(chunks.join(''), value);
    }
  });

  test('setting no values removes the name', async () => {
    server.setTxt('gone.test', ['arbor-verification=1']);
    assert.equal((await resolver.resolveTxt('gone.test')).length, 1);
    server.setTxt('gone.test', []);
    assert.equal(await errorCode(resolver.resolveTxt('gone.test')), 'ENOTFOUND');
  });

  test('names match without case and with or without the trailing dot', async () => {
    server.setTxt('MixedCase.Example.TEST.', ['arbor-verification=case']);
    assert.deepEqual(await resolver.resolveTxt('mixedcase.example.test'), [['arbor-verification=case']]);
    assert.deepEqual(await resolver.resolveTxt('MIXEDCASE.example.Test'), [['arbor-verification=case']]);
  });

  test('the admin API sets, lists and clears records', async () => {
    const put = await admin('/records/Api.Acme.TEST', { method: 'PUT', body: JSON.stringify({ txt: ['arbor-verification=api'] }) });
    assert.equal(put.status, 200);
    assert.deepEqual(await put.json(), { name: 'api.acme.test', txt: ['arbor-verification=api'] });
    assert.deepEqual(await resolver.resolveTxt('api.acme.test'), [['arbor-verification=api']]);
    const listed = (await (await admin('/records')).json()) as Record<string, string[]>;
    assert.deepEqual(listed['api.acme.test'], ['arbor-verification=api']);

    await admin('/records/api.acme.test', { method: 'PUT', body: JSON.stringify({ txt: [] }) });
    assert.equal(await errorCode(resolver.resolveTxt('api.acme.test')), 'ENOTFOUND');
  });

  test('the admin API refuses without the token, and refuses bad input', async () => {
    const body = JSON.stringify({ txt: ['arbor-verification=evil'] });
    assert.equal((await admin('/records/evil.test', { method: 'PUT', body }, 'wrong')).status, 403);
    assert.equal((await fetch(`${server.adminUrl}/records/evil.test`, { method: 'PUT', body })).status, 403);
    assert.equal((await fetch(`${server.adminUrl}/records`)).status, 403);
    assert.equal(await errorCode(resolver.resolveTxt('evil.test')), 'ENOTFOUND');

    assert.equal((await admin('/records/bad.test', { method: 'PUT', body: JSON.stringify({ txt: 'not a list' }) })).status, 400);
    assert.equal((await admin('/records/not..a.name', { method: 'PUT', body })).status, 400);
    const huge = JSON.stringify({ txt: ['x'.repeat(70 * 1024)] });
    assert.equal((await admin('/records/huge.test', { method: 'PUT', body: huge })).status, 413);
  });

  test('records are kept in the data file across restarts', async () => {
    server.setTxt('kept.test', ['arbor-verification=kept']);
    await server.stop();
    server = await startDnsServer({ port: 0, adminPort: 0, dataFile });
    resolver.setServers([server.server]);
    assert.deepEqual(await resolver.resolveTxt('kept.test'), [['arbor-verification=kept']]);
  });
});
