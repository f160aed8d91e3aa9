// The request id: a well-formed one from the load balancer is kept, anything else is replaced by a
// fresh UUID; route handlers wrapped by withRequestLog answer with it and write one access line
// with it. Route patterns come from the matched parameters. No network.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { isWellFormedRequestId, logTo, requestIdOf, routePattern, withRequestLog, REQUEST_ID_HEADER } from '../../lib/observability';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  test('well formed: UUIDs, ULIDs, trace ids; not empty, short, long, spaced or injected', () => {
    for (const ok of ['3f1c2a4e-8d9b-4c7a-9e1f-0a2b3c4d5e6f', '01J8ZK3Q4R5S6T7V8W9X0Y1Z2A', 'Root=1-67891233-abcdef012345678912345678', 'req_12345678']) {
      assert.ok(isWellFormedRequestId(ok), ok);
    }
    for (const bad of [undefined, null, '', 'short', 'a'.repeat(129), 'has space in it', 'line\nbreak-injected', '"quoted-value"', '-leading-dash', 'x{json}yyyyy']) {
      assert.ok(!isWellFormedRequestId(bad), String(bad));
    }
  });

  test('an incoming well-formed id is kept, anything else is replaced by a new UUID', () => {
    assert.equal(requestIdOf(new Headers({ [REQUEST_ID_HEADER]: '01J8ZK3Q4R5S6T7V8W9X0Y1Z2A' })), '01J8ZK3Q4R5S6T7V8W9X0Y1Z2A');
    assert.match(requestIdOf(new Headers({ [REQUEST_ID_HEADER]: 'bad id' })), UUID);
    const [a, b] = [requestIdOf(new Headers()), requestIdOf(new Headers())];
    assert.match(a, UUID);
    assert.notEqual(a, b);
  });

  test('route patterns name single-segment parameters, keep catch-alls and drop the query', () => {
    assert.equal(routePattern('/api/saml/01J8ZK3Q4R5S6T7V8W9X0Y1Z2A/acs', { tenantId: '01J8ZK3Q4R5S6T7V8W9X0Y1Z2A' }), '/api/saml/{tenantId}/acs');
    assert.equal(routePattern('/api/setup/domains/a%20b.example', { domain: 'a b.example' }), '/api/setup/domains/{domain}');
    assert.equal(routePattern('/api/auth/callback/sso', { nextauth: ['callback', 'sso'] }), '/api/auth/callback/sso');
    assert.equal(routePattern('/api/v1/units', undefined), '/api/v1/units');
  });
});

describe('withRequestLog', () => {
  const lines: Record<string, unknown>[] = [];
  const restore = logTo({ write: (s: string) => void lines.push(JSON.parse(s)) }, 'debug');
  after(restore);

  test('answers with the request id and writes one access line with it', async () => {
    lines.length = 0;
    const GET = withRequestLog(async (_req: Request, _ctx: { params: Promise<{ tenantId: string }> }) => Response.json({ ok: true }, { status: 201 }));
    const res = await GET(new Request('http://arbor.test/api/saml/T123/metadata?secret=1', { headers: { [REQUEST_ID_HEADER]: 'lb-request-0001' } }), {
      params: Promise.resolve({ tenantId: 'T123' }),
    });
    assert.equal(res.headers.get(REQUEST_ID_HEADER), 'lb-request-0001');
    const access = lines.filter((l) => l.type === 'access');
    assert.equal(access.length, 1);
    assert.deepEqual(
      { ...access[0], durationMs: typeof access[0].durationMs, time: undefined },
      {
        level: 'info', time: undefined, type: 'access', requestId: 'lb-request-0001', kind: 'api', method: 'GET', route: '/api/saml/{tenantId}/metadata',
        status: 201, durationMs: 'number', dynamodb: { requests: 0, retries: 0, byOperation: {}, consumedRcu: 0, consumedWcu: 0 },
        msg: 'GET /api/saml/{tenantId}/metadata 201',
      },
    );
  });

  test('a handler that throws is logged as 500 and the error goes on to Next', async () => {
    lines.length = 0;
    const POST = withRequestLog(async () => {
      throw new Error('boom');
    }, { route: '/api/internal/x' });
    await assert.rejects(POST(new Request('http://arbor.test/api/internal/x', { method: 'POST' })), /boom/);
    assert.equal(lines.at(-1)?.status, 500);
    assert.equal(lines.at(-1)?.route, '/api/internal/x');
  });

  test('a redirect (frozen headers) still answers, and one wrapper inside another logs once', async () => {
    lines.length = 0;
    const inner = withRequestLog(async () => Response.redirect('http://arbor.test/elsewhere', 303));
    const outer = withRequestLog(async (req: Request) => inner(req));
    const res = await outer(new Request('http://arbor.test/setup/x'));
    assert.equal(res.status, 303);
    assert.equal(lines.filter((l) => l.type === 'access').length, 1);
  });
});
