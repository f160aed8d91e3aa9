// Webhooks' outbound transport against a real local receiver that verifies each delivery with the
// Standard Webhooks library: signing, the delivery id, how an answer is read, and the refusals
// that keep a delivery from reaching Arbor's own network, checked at save time and again at
// connect time (a hostname that resolves to loopback only when the delivery goes out).
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { checkEndpointUrl, newEndpointSecret, resolvesPublic, secretHint, sendWebhook } from '../../lib/webhooks/transport';

type Received = { path: string; headers: IncomingHttpHeaders; body: string; verified: boolean };

const secret = newEndpointSecret();
let received: Received[] = [];
let server: Server;
let port: number;

/** What the receiver answers, by path. `/slow` never answers. */
function answer(path: string, res: import('node:http').ServerResponse) {
  if (path === '/ok') return res.end('thanks');
  if (path === '/fail') return res.writeHead(500).end('boom');
  if (path === '/redirect') return res.writeHead(302, { location: '/ok' }).end();
  if (path === '/big') return res.end('x'.repeat(10_000));
  if (path === '/huge-headers') return res.writeHead(200, { 'x-filler': 'x'.repeat(20_000) }).end();
}

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      let verified = true;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      received.push({ path: req.url ?? '', headers: req.headers, body, verified });
      answer(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  received = [];
});

const local = { allowPrivateNetworks: true };
const strict = { allowPrivateNetworks: false };
const payload = JSON.stringify({ type: 'unit.created', data: { id: 'u1' } });
const message = (url: string, messageId = `msg_${Math.random().toString(36).slice(2)}`) => ({ url, secret, messageId, timestamp: new Date(), payload });

/** A resolver that sends every name to `address`, as a rebinding host's DNS would. */
function pointAt(address: string) {
  const lookup = ((_host, options, callback) => {
    lookup.calls++;
    if (options.all) callback(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  }) as LookupFunction & { calls: number };
  lookup.calls = 0;
  return lookup;
}

describe('delivering a webhook', () => {
  test('a signed delivery verifies with the Standard Webhooks library', async () => {
    const sent = message(`http://127.0.0.1:${port}/ok`);
    const result = await sendWebhook(sent, local);
    assert.deepEqual({ ...result, durationMs: 0 }, { ok: true, status: 200, responseBody: 'thanks', durationMs: 0 });
    assert.ok(result.durationMs >= 0);
    const [got] = received;
    assert.equal(received.length, 1);
    assert.equal(got.verified, true);
    assert.equal(got.body, payload);
    assert.equal(got.headers['webhook-timestamp'], String(Math.floor(sent.timestamp.getTime() / 1000)));
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['user-agent'], 'Arbor-Webhooks/1');
  });

  test('the webhook-id is the message id, the same on every attempt', async () => {
    const first = message(`http://127.0.0.1:${port}/ok`, 'msg_fixed');
    await sendWebhook(first, local);
    await sendWebhook({ ...first, timestamp: new Date() }, local);
    assert.deepEqual(received.map((r) => [r.headers['webhook-id'], r.verified]), [['msg_fixed', true], ['msg_fixed', true]]);
  });

  test('a 500 is a failure that keeps its status and body', async () => {
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/fail`), local);
    assert.deepEqual({ ...result, durationMs: 0 }, { ok: false, status: 500, responseBody: 'boom', durationMs: 0 });
  });

  test('a redirect is a failure and is not followed', async () => {
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/redirect`), local);
    assert.equal(result.ok, false);
    assert.equal(result.status, 302);
    assert.equal(result.error, 'redirect');
    assert.deepEqual(received.map((r) => r.path), ['/redirect']);
  });

  test('a receiver that does not answer in time is a timeout', async () => {
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/slow`), { ...local, timeoutMs: 200 });
    assert.equal(result.ok, false);
    assert.equal(result.error, 'timeout');
    assert.equal(result.status, undefined);
    assert.ok(result.durationMs >= 190 && result.durationMs < 2000, String(result.durationMs));
  });

  test('only the first KiB of the answer is kept', async () => {
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/big`), local);
    assert.equal(result.ok, true);
    assert.equal(result.responseBody, 'x'.repeat(1024));
  });

  test('oversized response headers are tooLarge; a closed port is a connection failure', async () => {
    assert.equal((await sendWebhook(message(`http://127.0.0.1:${port}/huge-headers`), local)).error, 'tooLarge');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await sendWebhook(message(`http://127.0.0.1:${closedPort}/ok`), local);
    assert.deepEqual([result.ok, result.error], [false, 'connection']);
  });
});

describe('refusing private networks when sending', () => {
  test('loopback by address or by name is refused and nothing arrives', async () => {
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://localhost:${port}/ok`, `https://127.0.0.1:${port}/ok`]) {
      const result = await sendWebhook(message(url), strict);
      assert.deepEqual([result.ok, result.error], [false, 'refusedAddress'], url);
    }
    assert.deepEqual(received, []);
  });

  test('a public-looking name that resolves to loopback at send time is refused at connect time', async () => {
    const lookup = pointAt('127.0.0.1');
    const url = `https://hooks.example.com:${port}/ok`;
    assert.equal(checkEndpointUrl(url, strict).ok, true, 'the name alone passes the save-time check');
    const result = await sendWebhook(message(url), { ...strict, lookup });
    assert.deepEqual([result.ok, result.error], [false, 'refusedAddress']);
    assert.ok(lookup.calls > 0, 'refused after resolving, not before');
    assert.deepEqual(received, []);
  });

  test('the same name is delivered to when private networks are allowed', async () => {
    const result = await sendWebhook(message(`http://hooks.example.com:${port}/ok`), { ...local, lookup: pointAt('127.0.0.1') });
    assert.equal(result.ok, true);
    assert.equal(received[0]?.verified, true);
  });
});

describe('endpoint URLs', () => {
  const cases: [string, boolean, string][] = [
    ['http://10.0.0.1/hook', false, 'privateAddress'],
    ['https://10.0.0.1/hook', false, 'privateAddress'],
    ['http://169.254.169.254/latest', false, 'privateAddress'],
    ['http://[::1]/', false, 'privateAddress'],
    ['http://[::ffff:127.0.0.1]/', false, 'privateAddress'],
    ['https://[fd00::1]/', false, 'privateAddress'],
    ['http://0x7f000001/', false, 'privateAddress'],
    ['http://2130706433/', false, 'privateAddress'],
    ['http://0177.0.0.1/', false, 'privateAddress'],
    ['https://100.64.0.1/', false, 'privateAddress'],
    ['https://224.0.0.1/', false, 'privateAddress'],
    ['https://0.0.0.0/', false, 'privateAddress'],
    ['https://localhost/', false, 'privateAddress'],
    ['https://LOCALHOST./', false, 'privateAddress'],
    ['https://app.localhost/', false, 'privateAddress'],
    ['https://metadata.google.internal/', false, 'privateAddress'],
    ['https://printer.local/', false, 'privateAddress'],
    ['https://intranet/', false, 'privateAddress'],
    ['http://user:pw@example.com/', false, 'credentials'],
    ['https://user@example.com/', true, 'credentials'],
    ['ftp://x/', true, 'scheme'],
    ['javascript:alert(1)', true, 'scheme'],
    ['not a url', true, 'invalid'],
    ['/relative/path', true, 'invalid'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, true, 'tooLong'],
    ['http://example.com/hook', false, 'scheme'],
    ['http://example.com/hook', true, 'ok'],
    ['https://hooks.example.com/x', false, 'ok'],
    ['https://8.8.8.8/x', false, 'ok'],
    ['https://[2606:4700:4700::1111]/x', false, 'ok'],
    ['http://10.0.0.1/hook', true, 'ok'],
    ['http://localhost:3000/hook', true, 'ok'],
  ];
  for (const [raw, allowPrivateNetworks, expected] of cases) {
    test(`${raw.slice(0, 60)} (private networks ${allowPrivateNetworks ? 'allowed' : 'refused'}) → ${expected}`, () => {
      const result = checkEndpointUrl(raw, { allowPrivateNetworks });
      assert.equal(result.ok ? 'ok' : result.reason, expected);
    });
  }

  test('the URL returned is the normalized one', () => {
    const result = checkEndpointUrl('HTTPS://Hooks.Example.com:443/a/../b', { allowPrivateNetworks: false });
    assert.equal(result.ok && result.url.href, 'https://hooks.example.com/b');
  });

  test('resolvesPublic refuses a name when any of its addresses is private', async () => {
    const answers = (...addresses: string[]) => async () => addresses.map((address) => ({ address }));
    assert.deepEqual(await resolvesPublic('hooks.example.com', answers('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c')), { ok: true });
    assert.deepEqual(await resolvesPublic('hooks.example.com', answers('93.184.215.14', '10.1.2.3')), { ok: false, reason: 'privateAddress' });
    assert.deepEqual(await resolvesPublic('[::1]', answers('::1')), { ok: false, reason: 'privateAddress' });
    const missing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    assert.deepEqual(await resolvesPublic('nowhere.example', missing), { ok: false, reason: 'unresolvable' });
    assert.deepEqual(await resolvesPublic('localhost'), { ok: false, reason: 'privateAddress' }, 'the system resolver by default');
  });
});

describe('endpoint secrets', () => {
  test('a new secret is whsec_ and a 32-byte base64 key, different every time', () => {
    const a = newEndpointSecret();
    assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(a.slice('whsec_'.length), 'base64').length, 32);
    assert.notEqual(a, newEndpointSecret());
    assert.equal(secretHint(a), a.slice(-4));
  });
});
