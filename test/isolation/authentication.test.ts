// Authentication at the gateway and at STS, as AWS does it: expired session credentials, a
// tampered signature or body, unknown keys and wrong session tokens are refused before any
// policy is read; STS refuses callers the tenant role does not trust and oversized policies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { tenantSessionPolicyText, tableArnForRole } from '../../lib/tenancy';
import { stackEnv, tableName } from '../support/stack';
import { newTenantId, testTenantDb } from '../support/tenancy';

type Creds = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
const region = 'us-east-1';
const runtime = (): Creds => ({ accessKeyId: stackEnv('AWS_ACCESS_KEY_ID'), secretAccessKey: stackEnv('AWS_SECRET_ACCESS_KEY') });
const operator = (): Creds => ({ accessKeyId: stackEnv('ARBOR_OPERATOR_ACCESS_KEY_ID'), secretAccessKey: stackEnv('ARBOR_OPERATOR_SECRET_ACCESS_KEY') });
const sts = (credentials: Creds) => new STSClient({ region, endpoint: stackEnv('ARBOR_STS_ENDPOINT'), credentials });
const dynamo = (credentials: Creds) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: stackEnv('ARBOR_DYNAMODB_ENDPOINT'), credentials, maxAttempts: 1 }));
const roleArn = () => stackEnv('ARBOR_TENANT_ROLE_ARN');
const policyFor = (tenantId: string) => tenantSessionPolicyText({ tableArn: tableArnForRole(roleArn(), region, tableName()), tenantId });

async function assumeTenant(tenantId: string, durationSeconds = 900, from = runtime()): Promise<Creds & { packed?: number }> {
  const out = await sts(from).send(new AssumeRoleCommand({
    RoleArn: roleArn(), RoleSessionName: `t=${tenantId}`, Policy: policyFor(tenantId), DurationSeconds: durationSeconds,
  }));
  const c = out.Credentials!;
  return { accessKeyId: c.AccessKeyId!, secretAccessKey: c.SecretAccessKey!, sessionToken: c.SessionToken!, packed: out.PackedPolicySize };
}

/** Changes the request after the SDK signed it, as someone on the wire could. */
function afterSigning(client: DynamoDBDocumentClient, change: (request: { headers: Record<string, string>; body: unknown }) => void) {
  type Middleware = Parameters<typeof client.middlewareStack.addRelativeTo>[0];
  const middleware = (next: (args: { request: { headers: Record<string, string>; body: unknown } }) => Promise<unknown>) =>
    async (args: { request: { headers: Record<string, string>; body: unknown } }) => {
      change(args.request);
      return next(args);
    };
  client.middlewareStack.addRelativeTo(middleware as unknown as Middleware, { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'tamper' });
}

const ownGet = (tenantId: string) => new GetCommand({ TableName: tableName(), Key: keys.tenantSettings(tenantId) });
const rejectsWith = (name: string, status = 400) => (e: Error & { $metadata?: { httpStatusCode?: number } }) => {
  assert.equal(e.name, name, e.message);
  assert.equal(e.$metadata?.httpStatusCode, status);
  return true;
};

test('session credentials work until they expire, then ExpiredTokenException', async () => {
  const tenantId = newTenantId();
  const creds = await assumeTenant(tenantId, 2);
  const client = dynamo(creds);
  await client.send(ownGet(tenantId));
  await new Promise((r) => setTimeout(r, 2300));
  await assert.rejects(client.send(ownGet(tenantId)), (e: Error) =>
    rejectsWith('ExpiredTokenException')(e) && e.message === 'The security token included in the request is expired');
});

test('a body changed after signing is refused with InvalidSignatureException, even when it names the own tenant', async () => {
  const [mine, theirs] = [newTenantId(), newTenantId()];
  for (const [signedFor, sentFor] of [[mine, theirs], [theirs, mine]]) {
    const client = dynamo(await assumeTenant(mine));
    afterSigning(client, (request) => {
      request.body = Buffer.from(request.body as Uint8Array).toString('utf8').replace(signedFor, sentFor);
    });
    await assert.rejects(client.send(ownGet(signedFor)), rejectsWith('InvalidSignatureException'));
  }
});

test('a changed signature, an unknown key and a wrong session token are refused', async () => {
  const tenantId = newTenantId();
  const creds = await assumeTenant(tenantId);
  const tampered = dynamo(creds);
  afterSigning(tampered, (request) => {
    request.headers.authorization = request.headers.authorization.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  });
  await assert.rejects(tampered.send(ownGet(tenantId)), rejectsWith('InvalidSignatureException'));
  await assert.rejects(dynamo({ ...creds, secretAccessKey: `${creds.secretAccessKey}x` }).send(ownGet(tenantId)), rejectsWith('InvalidSignatureException'));
  await assert.rejects(dynamo({ ...creds, sessionToken: `${creds.sessionToken}x` }).send(ownGet(tenantId)), rejectsWith('UnrecognizedClientException'));
  await assert.rejects(dynamo({ ...creds, sessionToken: undefined }).send(ownGet(tenantId)), rejectsWith('UnrecognizedClientException'));
  await assert.rejects(dynamo({ accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'x'.repeat(40) }).send(ownGet(tenantId)), rejectsWith('UnrecognizedClientException'));
});

test('STS: only the runtime may assume the tenant role; sessions report who they are and their packed size', async () => {
  const tenantId = newTenantId();
  const creds = await assumeTenant(tenantId);
  assert.ok(creds.packed !== undefined && creds.packed > 0 && creds.packed < 100, `PackedPolicySize ${creds.packed}`);
  const me = await sts(creds).send(new GetCallerIdentityCommand({}));
  assert.equal(me.Arn, `arn:aws:sts::000000000000:assumed-role/arbor-tenant-access/t=${tenantId}`);
  // A tenant session cannot chain into another tenant, and the operator is not trusted by the role.
  await assert.rejects(assumeTenant(newTenantId(), 900, creds), rejectsWith('AccessDenied', 403));
  await assert.rejects(assumeTenant(newTenantId(), 900, operator()), (e: Error) =>
    rejectsWith('AccessDenied', 403)(e) && /user\/arbor-operator is not authorized to perform: sts:AssumeRole/.test(e.message));
  await assert.rejects(
    sts(runtime()).send(new AssumeRoleCommand({ RoleArn: roleArn(), RoleSessionName: 'too-big', Policy: JSON.stringify({ pad: 'x'.repeat(2100) }) })),
    rejectsWith('ValidationError'),
  );
  await assert.rejects(
    sts(runtime()).send(new AssumeRoleCommand({ RoleArn: roleArn(), RoleSessionName: 'long', DurationSeconds: 7200, Policy: policyFor(tenantId) })),
    rejectsWith('ValidationError'),
  );
});

test('the app’s tenant client authenticates as its tenant session', async () => {
  const tenantId = newTenantId();
  const db = await testTenantDb(tenantId);
  assert.equal((await db.client.send(ownGet(tenantId))).Item, undefined);
});
