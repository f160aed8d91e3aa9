// The policies as data, without a network: the exact session policy, its size, the tenant id
// rules that keep wildcards out of it, and the role policies' scopes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import {
  PLATFORM_KEY_PREFIXES, SESSION_POLICY_MAX_CHARS, isValidTenantId, roleSessionName, runtimeRolePolicy,
  tenantAccessRolePolicy, tenantSessionPolicy, tenantSessionPolicyText,
} from '../../lib/tenancy';

const tableArn = 'arn:aws:dynamodb:us-east-1:000000000000:table/arbor';

test('the session policy allows the app’s item actions on the table and its indexes, for one tenant’s keys only', () => {
  assert.deepEqual(tenantSessionPolicy({ tableArn, tenantId: 'ab' }), {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem',
          'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem',
        ],
        Resource: [tableArn, `${tableArn}/index/*`],
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['T#ab', 'T#ab#*'] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
    ],
  });
});

test('the session policy stays far inside the 2,048-character limit, even with a long table ARN', () => {
  const text = tenantSessionPolicyText({ tableArn, tenantId: ulid() });
  assert.equal(text, JSON.stringify(JSON.parse(text)), 'sent minified');
  assert.equal(text.length, 547, 'a ULID tenant on table "arbor": 547 characters, 27% of the limit');
  // The longest table name DynamoDB allows (255) in the longest partition and region names.
  const long = `arn:aws-us-gov:dynamodb:us-gov-west-1:123456789012:table/${'t'.repeat(255)}`;
  const worst = tenantSessionPolicyText({ tableArn: long, tenantId: `${ulid()}-x` });
  assert.ok(worst.length < SESSION_POLICY_MAX_CHARS * 0.6, `${worst.length} characters`);
});

test('tenant ids that could widen the pattern or spell another partition are refused', () => {
  for (const bad of ['', 'a*', 'a?', 'a#b', 'a b', '*', 'a/b', 'T#x', 'x'.repeat(41), 'ü']) {
    assert.equal(isValidTenantId(bad), false, bad);
    assert.throws(() => tenantSessionPolicy({ tableArn, tenantId: bad }), (e: Error & { code?: string }) => e.code === 'tenant.badId');
  }
  for (const good of [ulid(), `${ulid()}X`, `${ulid()}-x`, 'ab']) assert.equal(isValidTenantId(good), true, good);
});

test('the tenant role reaches tenant partitions only; the runtime reaches platform partitions only', () => {
  const tenantRole = tenantAccessRolePolicy({ tableArn });
  assert.deepEqual(tenantRole.Statement[0].Condition?.['ForAllValues:StringLike'], { 'dynamodb:LeadingKeys': ['T#*'] });
  assert.deepEqual(tenantRole.Statement[1], { Sid: 'NeverScan', Effect: 'Deny', Action: 'dynamodb:Scan', Resource: '*' });
  const runtime = runtimeRolePolicy({ tableArn, tenantRoleArn: 'arn:aws:iam::000000000000:role/r' });
  assert.deepEqual(runtime.Statement[0].Condition?.['ForAllValues:StringLike'], { 'dynamodb:LeadingKeys': ['TENANT#*', 'DOMAIN#*', 'USER#*', 'EMAIL#*', 'TOKEN#*', 'STREAM#*'] });
  assert.equal(runtime.Statement[1].Resource, `${tableArn}/index/GSI4`);
  // Every platform partition key built by lib/db/keys.ts starts with one of the prefixes, and
  // no tenant key does.
  const platformKeys = [keys.tenantRegistry('x').PK, keys.ssoConnection('x').PK, keys.domainClaim('d.test').PK, keys.user('u').PK, keys.userEmail('e@x').PK, keys.gsi4.userTenants('u'), keys.accessToken('h').PK, keys.streamCheckpoint('s', 'shard').PK];
  for (const pk of platformKeys) assert.ok(PLATFORM_KEY_PREFIXES.some((p) => pk.startsWith(p)), pk);
  for (const pk of [keys.tenantSettings('x').PK, keys.unit('x', 'u').PK, keys.gsi1.tree('x'), keys.gsi2.emails('x'), keys.gsi3.names('x'), keys.apiKey('x', 'k').PK, keys.webhookDelivery('x', 'e', 'm').PK, keys.idempotencyRecord('x', 'a', 'h').PK]) {
    assert.ok(pk.startsWith('T#') && !PLATFORM_KEY_PREFIXES.some((p) => pk.startsWith(p)), pk);
  }
});

test('role session names carry tenant and user within STS’s 64 characters', () => {
  const [t, u] = [ulid(), ulid()];
  assert.equal(roleSessionName(t), `t=${t}`);
  assert.equal(roleSessionName(t, u), `t=${t},u=${u}`);
  assert.equal(roleSessionName(t, 'x'.repeat(60)), `t=${t}`, 'the user part is dropped when it does not fit');
});
