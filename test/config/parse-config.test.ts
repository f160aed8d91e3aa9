// Settings validation: one clear line naming the variable, local defaults only outside
// production, demo secrets and emulator endpoints refused in production without the override.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  ConfigError,
  DEMO_ENCRYPTION_KEY,
  DEMO_SESSION_SECRET,
  DEMO_TENANT_ROLE_ARN,
  parseConfig,
} from '../../lib/config';

const production = () => ({
  NODE_ENV: 'production',
  ARBOR_TABLE: 'arbor-prod',
  AWS_REGION: 'eu-west-1',
  ARBOR_TENANT_ROLE_ARN: 'arn:aws:iam::123456789012:role/arbor-prod-tenant-access',
  ARBOR_SESSION_SECRET: randomBytes(48).toString('base64'),
  ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ARBOR_APP_URL: 'https://arbor.example.com',
  ARBOR_SMTP_URL: 'smtp://apikey:secret@smtp.example.com:587',
  ARBOR_MAIL_FROM: 'Arbor <no-reply@example.com>',
});

/** Asserts the exact single line, and that it names the variable. */
function rejects(env: Record<string, string | undefined>, line: string) {
  assert.throws(
    () => parseConfig(env),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.message, line);
      assert.ok(!e.message.includes('\n'));
      assert.ok(e.message.includes(e.variable));
      return true;
    },
  );
}

describe('production settings', () => {
  test('a complete production environment parses, with defaults only where they are safe', () => {
    const c = parseConfig(production());
    assert.equal(c.ARBOR_TABLE, 'arbor-prod');
    assert.equal(c.AWS_REGION, 'eu-west-1');
    assert.equal(c.ARBOR_SESSION_MAX_AGE, 8 * 3600);
    assert.equal(c.ARBOR_AUDIT_RETENTION_DAYS, 365);
    assert.equal(c.ARBOR_ALLOW_EMULATOR, '0');
    assert.equal(c.ARBOR_DYNAMODB_ENDPOINT, undefined);
  });

  test('other partitions and role paths are accepted', () => {
    const c = parseConfig({ ...production(), ARBOR_TENANT_ROLE_ARN: 'arn:aws-us-gov:iam::123456789012:role/app/arbor-tenant' });
    assert.equal(c.ARBOR_TENANT_ROLE_ARN, 'arn:aws-us-gov:iam::123456789012:role/app/arbor-tenant');
  });

  for (const name of ['ARBOR_TABLE', 'AWS_REGION', 'ARBOR_TENANT_ROLE_ARN', 'ARBOR_SESSION_SECRET', 'ARBOR_ENCRYPTION_KEY', 'ARBOR_APP_URL']) {
    test(`a missing ${name} is named (no local default in production)`, () => {
      rejects({ ...production(), [name]: undefined }, `Invalid configuration: ${name} is not set`);
      rejects({ ...production(), [name]: '' }, `Invalid configuration: ${name} is not set`);
    });
  }

  const malformed: [string, string, string][] = [
    ['ARBOR_TENANT_ROLE_ARN', 'arbor-tenant-access', 'must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)'],
    ['ARBOR_TENANT_ROLE_ARN', 'arn:aws:iam::123:user/bob', 'must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)'],
    ['ARBOR_TABLE', 'a b', 'must be a DynamoDB table name (3–255 letters, digits, _ - .)'],
    ['AWS_REGION', 'Ireland', 'must be an AWS region such as eu-west-1'],
    ['ARBOR_SESSION_SECRET', 'short', 'must be at least 32 characters'],
    ['ARBOR_ENCRYPTION_KEY', randomBytes(16).toString('base64'), 'must be base64 of exactly 32 bytes'],
    ['ARBOR_ENCRYPTION_KEY', 'not base64 at all, but long enough to be 32 bytes!!', 'must be base64 of exactly 32 bytes'],
    ['ARBOR_APP_URL', 'arbor.example.com', 'must be a URL such as https://arbor.example.com'],
    ['ARBOR_SESSION_MAX_AGE', 'eight hours', 'must be a number of seconds'],
    ['ARBOR_SESSION_MAX_AGE', '60', 'must be at least 300 seconds'],
    ['ARBOR_AUDIT_RETENTION_DAYS', '-1', 'must be 0 (keep forever) or more'],
    ['ARBOR_ALLOW_EMULATOR', 'yes', 'must be 0 or 1'],
    ['ARBOR_DYNAMODB_ENDPOINT', 'localhost:8000', 'must be an http(s) URL'],
    ['ARBOR_STS_ENDPOINT', 'ftp://127.0.0.1', 'must be an http(s) URL'],
    ['NODE_ENV', 'staging', 'must be development, test or production'],
    ['ARBOR_TENANT_SESSION_SECONDS', '7200', 'must be at most 3600 seconds (AWS limits chained role sessions to one hour)'],
    ['ARBOR_TENANT_SESSION_SECONDS', '60', 'must be at least 900 seconds'],
    ['ARBOR_TENANT_SESSION_SCOPE', 'everyone', 'must be tenant or user'],
  ];
  for (const [name, value, problem] of malformed) {
    test(`a malformed ${name} (${JSON.stringify(value).slice(0, 24)}) is named without echoing the value`, () => {
      rejects({ ...production(), [name]: value }, `Invalid configuration: ${name} ${problem}`);
    });
  }

  test('the demo secrets are refused', () => {
    rejects(
      { ...production(), ARBOR_SESSION_SECRET: DEMO_SESSION_SECRET },
      'Invalid configuration: ARBOR_SESSION_SECRET is the demo secret; generate a real one (openssl rand -base64 48)',
    );
    rejects(
      { ...production(), ARBOR_ENCRYPTION_KEY: DEMO_ENCRYPTION_KEY },
      'Invalid configuration: ARBOR_ENCRYPTION_KEY is the demo key; generate a real one (openssl rand -base64 32)',
    );
    // Even with the emulator override: the offline production check uses real-looking secrets.
    rejects(
      { ...production(), ARBOR_ALLOW_EMULATOR: '1', ARBOR_SESSION_SECRET: DEMO_SESSION_SECRET },
      'Invalid configuration: ARBOR_SESSION_SECRET is the demo secret; generate a real one (openssl rand -base64 48)',
    );
  });

  test('emulator endpoints need the explicit override', () => {
    const line = (name: string) =>
      `Invalid configuration: ${name} points at an emulator in production; unset it (or set ARBOR_ALLOW_EMULATOR=1 for the offline check)`;
    rejects({ ...production(), ARBOR_DYNAMODB_ENDPOINT: 'http://127.0.0.1:8101' }, line('ARBOR_DYNAMODB_ENDPOINT'));
    rejects({ ...production(), ARBOR_STS_ENDPOINT: 'http://127.0.0.1:8101' }, line('ARBOR_STS_ENDPOINT'));
    rejects({ ...production(), ARBOR_STS_ENDPOINT: 'http://127.0.0.1:8101', ARBOR_ALLOW_EMULATOR: '0' }, line('ARBOR_STS_ENDPOINT'));
    const c = parseConfig({
      ...production(),
      ARBOR_ALLOW_EMULATOR: '1',
      ARBOR_DYNAMODB_ENDPOINT: 'http://127.0.0.1:8101',
      ARBOR_STS_ENDPOINT: 'http://127.0.0.1:8101',
      ARBOR_TENANT_ROLE_ARN: DEMO_TENANT_ROLE_ARN,
      ARBOR_APP_URL: 'http://127.0.0.1:3000',
    });
    assert.equal(c.ARBOR_DYNAMODB_ENDPOINT, 'http://127.0.0.1:8101');
  });

  test('operator keys in the environment are refused outside the offline check', () => {
    const keys = { ARBOR_OPERATOR_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE00', ARBOR_OPERATOR_SECRET_ACCESS_KEY: 'x'.repeat(40) };
    rejects(
      { ...production(), ...keys },
      'Invalid configuration: ARBOR_OPERATOR_ACCESS_KEY_ID is for the local emulator only; on AWS the operator uses its own credentials (AWS_PROFILE)',
    );
    assert.equal(parseConfig({ ...production(), ...keys, ARBOR_ALLOW_EMULATOR: '1' }).ARBOR_OPERATOR_ACCESS_KEY_ID, keys.ARBOR_OPERATOR_ACCESS_KEY_ID);
  });

  test("the emulator's role and plain-http public URLs are refused on AWS", () => {
    rejects(
      { ...production(), ARBOR_TENANT_ROLE_ARN: DEMO_TENANT_ROLE_ARN },
      "Invalid configuration: ARBOR_TENANT_ROLE_ARN is the local emulator's role; use the stack output ArborTenantRoleArn",
    );
    rejects({ ...production(), ARBOR_APP_URL: 'http://arbor.example.com' }, 'Invalid configuration: ARBOR_APP_URL must use https in production');
  });
});

describe('development and test settings', () => {
  test('an empty environment gets the local defaults', () => {
    const c = parseConfig({});
    assert.equal(c.NODE_ENV, 'development');
    assert.equal(c.ARBOR_TABLE, 'arbor');
    assert.equal(c.ARBOR_TENANT_ROLE_ARN, DEMO_TENANT_ROLE_ARN);
    assert.equal(c.ARBOR_SESSION_SECRET, DEMO_SESSION_SECRET);
    assert.equal(c.ARBOR_APP_URL, 'http://localhost:3000');
  });

  test('given values win over the defaults, and are still validated', () => {
    const c = parseConfig({ NODE_ENV: 'test', ARBOR_TABLE: 'arbor-test-1', ARBOR_DYNAMODB_ENDPOINT: 'http://127.0.0.1:9000' });
    assert.equal(c.ARBOR_TABLE, 'arbor-test-1');
    assert.equal(c.ARBOR_DYNAMODB_ENDPOINT, 'http://127.0.0.1:9000');
    rejects({ NODE_ENV: 'test', ARBOR_TENANT_ROLE_ARN: 'nope' }, 'Invalid configuration: ARBOR_TENANT_ROLE_ARN must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)');
  });
});

describe('mail settings', () => {
  test('production needs an SMTP server and a sender, or mail switched off on purpose', () => {
    rejects({ ...production(), ARBOR_SMTP_URL: undefined },
      'Invalid configuration: ARBOR_SMTP_URL is not set; set it, or ARBOR_MAIL_DISABLED=1 to share invitation links by copying them');
    rejects({ ...production(), ARBOR_MAIL_FROM: undefined },
      'Invalid configuration: ARBOR_MAIL_FROM is not set; use an address your SMTP server may send from');
    const off = parseConfig({ ...production(), ARBOR_SMTP_URL: undefined, ARBOR_MAIL_FROM: undefined, ARBOR_MAIL_DISABLED: '1' });
    assert.equal(off.ARBOR_MAIL_DISABLED, '1');
  });

  test('only smtp:// and smtps:// URLs and real sender addresses are accepted', () => {
    rejects({ ...production(), ARBOR_SMTP_URL: 'https://smtp.example.com' },
      'Invalid configuration: ARBOR_SMTP_URL must be an smtp:// or smtps:// URL (user:password@host:port)');
    rejects({ ...production(), ARBOR_MAIL_FROM: 'Arbor' }, 'Invalid configuration: ARBOR_MAIL_FROM must be an email address or Name <address>');
    rejects({ ...production(), ARBOR_MAIL_FROM: 'Arbor <a@b.c>\r\nBcc: x@y.z' }, 'Invalid configuration: ARBOR_MAIL_FROM must be an email address or Name <address>');
    assert.equal(parseConfig({ ...production(), ARBOR_SMTP_URL: 'smtps://u:p@mail.example.com:465' }).ARBOR_SMTP_URL, 'smtps://u:p@mail.example.com:465');
  });

  test('development without an SMTP server has a local sender and simply sends nothing', () => {
    const c = parseConfig({ NODE_ENV: 'development' });
    assert.equal(c.ARBOR_SMTP_URL, undefined);
    assert.equal(c.ARBOR_MAIL_FROM, 'Arbor <no-reply@arbor.localhost>');
  });
});
