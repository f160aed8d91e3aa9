// The logger writes one JSON object per line, and nothing secret or personal reaches it: values
// under credential and personal keys are redacted at any depth, email addresses and bearer tokens
// inside text (messages, error messages, stacks) are masked, errors keep name, message and stack.
// No network.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLogger, newRequestContext, runInRequest, scrub, type LogLevel } from '../../lib/observability';

function capture(level: LogLevel = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (s: string) => void lines.push(s) } });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the logger', () => {
  test('writes JSON lines with level, time and message', () => {
    const { logger, parsed } = capture();
    logger.info({ setId: 'S1' }, 'change set applied');
    const [line] = parsed();
    assert.equal(line.level, 'info');
    assert.equal(line.msg, 'change set applied');
    assert.equal(line.setId, 'S1');
    assert.match(String(line.time), /^\d{4}-\d\d-\d\dT/);
    assert.equal(line.pid, undefined);
  });

  test('redacts credentials, cookies, tokens, secrets, passwords, emails and names at any depth', () => {
    const { logger, lines } = capture();
    const secrets = {
      authorization: 'Bearer arbor_sk_live_1234567890abcdef',
      headers: { cookie: 'arbor.session=eyJhbGciOi.cookie-value', 'set-cookie': ['__Secure-arbor=abc123cookie'], 'x-api-key': 'k-123456789' },
      body: { password: 'hunter2-password', clientSecret: 'client-secret-value', accessToken: 'access-token-value', refresh_token: 'refresh-token-value' },
      credentials: { accessKeyId: 'ASIAEXAMPLEKEY', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG', sessionToken: 'FwoGZXIvYXdzEXAMPLE' },
      user: { userId: 'U1', email: 'ada.lovelace@example.com', name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada L.' },
      members: [{ userId: 'U2', name: 'Grace Hopper', emails: [{ value: 'grace@example.org' }] }],
      webhookSigningSecret: 'whsec_signing-secret',
    };
    logger.warn(secrets, 'suspicious request');
    const text = lines.join('');
    for (const leaked of [
      'arbor_sk_live_1234567890abcdef', 'eyJhbGciOi', 'abc123cookie', 'k-123456789', 'hunter2', 'client-secret-value', 'access-token-value',
      'refresh-token-value', 'ASIAEXAMPLEKEY', 'wJalrXUtnFEMI', 'FwoGZXIvYXdzEXAMPLE', 'ada.lovelace', 'Ada', 'Lovelace', 'Grace', 'Hopper',
      'grace@example.org', 'whsec_',
    ]) {
      assert.ok(!text.includes(leaked), `${leaked} reached the log: ${text}`);
    }
    const line = JSON.parse(lines[0]);
    // Ids stay: they are what an operator searches by, and name nobody outside Arbor.
    assert.equal(line.user.userId, 'U1');
    assert.equal(line.members[0].userId, 'U2');
    assert.equal(line.user.email, '[redacted]');
    assert.equal(line.headers.cookie, '[redacted]');
  });

  test('masks email addresses and bearer tokens inside free text', () => {
    const { logger, parsed } = capture();
    logger.error({ detail: 'SMTP 550 <bob.smith@corp.example>: mailbox unavailable', note: 'sent with Authorization: Bearer abc.def.ghi' }, 'mail to alice@example.com failed');
    const [line] = parsed();
    assert.equal(line.msg, 'mail to [email] failed');
    assert.equal(line.detail, 'SMTP 550 <[email]>: mailbox unavailable');
    assert.equal(line.note, 'sent with Authorization: Bearer [redacted]');
  });

  test('serializes errors with name, message (masked) and stack, and their cause', () => {
    const { logger, parsed } = capture();
    const e = Object.assign(new Error('no user carol@example.net', { cause: new TypeError('inner') }), { name: 'UserLookupError', code: 'E_LOOKUP' });
    logger.error({ err: e }, 'lookup failed');
    logger.error(new RangeError('bare error'));
    const [first, second] = parsed() as { err: Record<string, unknown>; msg?: string }[];
    assert.equal(first.err.name, 'UserLookupError');
    assert.equal(first.err.message, 'no user [email]');
    assert.equal(first.err.code, 'E_LOOKUP');
    assert.match(String(first.err.stack), /UserLookupError: no user \[email\]/);
    assert.equal((first.err.cause as { name: string }).name, 'TypeError');
    assert.equal(second.err.name, 'RangeError');
    assert.equal(second.msg, 'bare error');
  });

  test("carries the current request's ids on every line", () => {
    const { logger, parsed } = capture();
    const context = newRequestContext({ requestId: 'req-0001-abcd', method: 'GET', route: '/api/v1/units', kind: 'api' });
    context.tenantId = 'T1';
    context.actorId = 'U1';
    runInRequest(context, () => logger.warn({ jobId: 'J1' }, 'job slow'));
    logger.warn({}, 'outside');
    const [inside, outside] = parsed();
    assert.equal(inside.requestId, 'req-0001-abcd');
    assert.equal(inside.tenantId, 'T1');
    assert.equal(inside.actorId, 'U1');
    assert.equal(outside.requestId, undefined);
  });

  test('writes nothing below its level, and nothing at all when silent', () => {
    const quiet = capture('warn');
    quiet.logger.info({}, 'an access line');
    quiet.logger.warn({}, 'a warning');
    assert.deepEqual(quiet.parsed().map((l) => l.msg), ['a warning']);
    const silent = capture('silent');
    silent.logger.fatal({}, 'even this');
    assert.deepEqual(silent.lines, []);
  });

  test('scrub survives cycles, depth and odd values', () => {
    const a: Record<string, unknown> = { id: 1 };
    a.self = a;
    assert.deepEqual(scrub(a), { id: 1, self: '[circular]' });
    assert.equal(scrub(10n), '10');
    assert.deepEqual(scrub(new Headers({ authorization: 'Bearer x', accept: 'application/json' })), { accept: 'application/json', authorization: '[redacted]' });
  });
});
