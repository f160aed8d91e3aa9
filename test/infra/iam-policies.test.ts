// The IAM policies the stack creates (read from the committed template, resolved for one imagined
// account), combined with the session policy the app generates, evaluated with a real IAM policy
// evaluator (@cloud-copilot/iam-simulate, test-only): tenant A's session reaches only A's keys,
// nobody scans, and the runtime role never reads tenant partitions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { ulid } from 'ulid';
import type { CfnTemplate } from '../../infra/intrinsics';
import { keys } from '../../lib/db/keys';
import { INDEX } from '../../lib/db/table';
import { ITEM_ACTIONS } from '../../lib/tenancy/role-policies';
import { tenantSessionPolicy } from '../../lib/tenancy/session-policy';
import { resolveTemplate } from './resolve-template';

const ACCOUNT = '123456789012';
const stack = resolveTemplate(JSON.parse(readFileSync('infra/arbor.template.json', 'utf8')) as CfnTemplate, {
  accountId: ACCOUNT,
  region: 'eu-west-1',
});
const TABLE_ARN = `arn:aws:dynamodb:eu-west-1:${ACCOUNT}:table/arbor-prod`;
const TENANT_ROLE_ARN = stack.outputs.ArborTenantRoleArn.Value as string;
const RUNTIME_SESSION = `arn:aws:sts::${ACCOUNT}:assumed-role/arbor-prod-runtime/task-1`;
const TENANT_SESSION = `arn:aws:sts::${ACCOUNT}:assumed-role/arbor-prod-tenant-access/tenant-a`;

type Policy = object;
const tenantRole = stack.resources.TenantAccessRole.Properties;
const TENANT_ROLE_POLICY = (tenantRole.Policies as { PolicyDocument: Policy }[])[0].PolicyDocument;
const TENANT_ROLE_TRUST = tenantRole.AssumeRolePolicyDocument as Policy;
const RUNTIME_POLICY = stack.resources.RuntimeRolePolicy.Properties.PolicyDocument as Policy;

const index = (name: string) => `${TABLE_ARN}/index/${name}`;
const TENANT_INDEXES = [INDEX.gsi1, INDEX.gsi2, INDEX.gsi3];

interface Request {
  identity: Policy;
  session?: Policy;
  trust?: Policy;
  principal: string;
  action: string;
  resource: string;
  /** `dynamodb:LeadingKeys` of the request; absent when the request names no partition key. */
  leadingKeys?: string[];
  /** `sts:ExternalId` of an AssumeRole request. */
  externalId?: string;
}

async function decide(r: Request): Promise<string> {
  const out = await runSimulation(
    {
      request: {
        principal: r.principal,
        action: r.action,
        resource: { resource: r.resource, accountId: r.resource.split(':')[4] || ACCOUNT },
        contextVariables: { ...(r.leadingKeys ? { 'dynamodb:LeadingKeys': r.leadingKeys } : {}), ...(r.externalId ? { 'sts:ExternalId': r.externalId } : {}) },
      },
      identityPolicies: [{ name: 'role', policy: r.identity }],
      sessionPolicy: r.session,
      resourcePolicy: r.trust,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
    },
    {},
  );
  assert.notEqual(out.resultType, 'error', JSON.stringify((out as { errors?: unknown }).errors));
  return (out as { overallResult: string }).overallResult;
}

const allowed = async (r: Request) => assert.equal(await decide(r), 'Allowed', `${r.action} ${r.resource} ${r.leadingKeys} should be allowed`);
const denied = async (r: Request) => assert.notEqual(await decide(r), 'Allowed', `${r.action} ${r.resource} ${r.leadingKeys} should be denied`);

/** Partition keys a tenant's requests touch: table partitions and every tenant index. */
function tenantKeys(t: string) {
  const unit = ulid();
  return {
    table: [keys.tenantSettings(t).PK, keys.unit(t, unit).PK, keys.userPartition(t, ulid()), keys.auditPartition(t), keys.treeJob(t, ulid()).PK],
    [INDEX.gsi1]: keys.gsi1.tree(t),
    [INDEX.gsi2]: keys.gsi2.children(t, unit),
    [INDEX.gsi3]: keys.gsi3.names(t),
  } as Record<string, string | string[]>;
}

describe('tenant access role with tenant A’s session policy', () => {
  const a = ulid();
  // B shares A's id as a prefix without a delimiter, C with '-': neither may match A's patterns.
  const others = [ulid(), `${a}X`, `${a}-x`];
  const session = tenantSessionPolicy({ tableArn: TABLE_ARN, tenantId: a });
  const asA = { identity: TENANT_ROLE_POLICY, session, principal: TENANT_SESSION };

  // TransactWriteItems and TransactGetItems have no IAM action of their own: DynamoDB authorizes
  // each item as PutItem, UpdateItem, DeleteItem, ConditionCheckItem or GetItem, all covered here.
  test('A’s own keys: every item action on the table, Query on every tenant index', async () => {
    const own = tenantKeys(a);
    for (const action of ITEM_ACTIONS) {
      for (const key of own.table) await allowed({ ...asA, action, resource: TABLE_ARN, leadingKeys: [key] });
      await allowed({ ...asA, action, resource: TABLE_ARN, leadingKeys: own.table as string[] });
    }
    for (const name of TENANT_INDEXES) await allowed({ ...asA, action: 'dynamodb:Query', resource: index(name), leadingKeys: [own[name] as string] });
  });

  test('other tenants’ keys, prefix-sharing ids included, are denied for every action, table and index', async () => {
    for (const b of others) {
      const theirs = tenantKeys(b);
      for (const action of ITEM_ACTIONS) {
        for (const key of theirs.table) await denied({ ...asA, action, resource: TABLE_ARN, leadingKeys: [key] });
        // A batch or transaction that mixes A's key with B's is denied as a whole.
        await denied({ ...asA, action, resource: TABLE_ARN, leadingKeys: [keys.tenantSettings(a).PK, (theirs.table as string[])[1]] });
      }
      for (const name of TENANT_INDEXES) await denied({ ...asA, action: 'dynamodb:Query', resource: index(name), leadingKeys: [theirs[name] as string] });
    }
  });

  test('platform items, GSI4, requests without a partition key, Scan and table management are denied', async () => {
    const platform = [keys.tenantRegistry(a).PK, keys.domainClaim('example.com').PK, keys.user(ulid()).PK, keys.userEmail('a@example.com').PK];
    for (const action of ITEM_ACTIONS) {
      for (const key of platform) await denied({ ...asA, action, resource: TABLE_ARN, leadingKeys: [key] });
      await denied({ ...asA, action, resource: TABLE_ARN });
    }
    await denied({ ...asA, action: 'dynamodb:Query', resource: index(INDEX.gsi4), leadingKeys: [keys.gsi4.userTenants(ulid())] });
    for (const resource of [TABLE_ARN, ...[...TENANT_INDEXES, INDEX.gsi4].map(index)]) await denied({ ...asA, action: 'dynamodb:Scan', resource });
    for (const action of ['dynamodb:DeleteTable', 'dynamodb:UpdateTable', 'dynamodb:DescribeTable', 'dynamodb:CreateBackup']) {
      await denied({ ...asA, action, resource: TABLE_ARN });
    }
    await denied({ ...asA, action: 'sts:AssumeRole', resource: TENANT_ROLE_ARN });
  });

  test('a session-policy bug cannot widen the role: even “allow everything” reaches only tenant partitions', async () => {
    const tooWide = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] };
    const buggy = { ...asA, session: tooWide };
    await allowed({ ...buggy, action: 'dynamodb:GetItem', resource: TABLE_ARN, leadingKeys: [keys.tenantSettings(others[0]).PK] });
    await denied({ ...buggy, action: 'dynamodb:GetItem', resource: TABLE_ARN, leadingKeys: [keys.user(ulid()).PK] });
    await denied({ ...buggy, action: 'dynamodb:Query', resource: index(INDEX.gsi4), leadingKeys: [keys.gsi4.userTenants(ulid())] });
    await denied({ ...buggy, action: 'dynamodb:Scan', resource: TABLE_ARN });
    await denied({ ...buggy, action: 'dynamodb:DeleteTable', resource: TABLE_ARN });
  });
});

describe('runtime role (the app servers’ own credentials)', () => {
  const asRuntime = { identity: RUNTIME_POLICY, principal: RUNTIME_SESSION };

  test('cannot read or write tenant partitions directly, on the table or any index', async () => {
    const t = tenantKeys(ulid());
    for (const action of ITEM_ACTIONS) for (const key of t.table) await denied({ ...asRuntime, action, resource: TABLE_ARN, leadingKeys: [key] });
    for (const name of TENANT_INDEXES) await denied({ ...asRuntime, action: 'dynamodb:Query', resource: index(name), leadingKeys: [t[name] as string] });
    await denied({ ...asRuntime, action: 'dynamodb:BatchGetItem', resource: TABLE_ARN, leadingKeys: [keys.user(ulid()).PK, (t.table as string[])[0]] });
  });

  test('reads P1–P3 items: domain claims, tenant registry and SSO connection, users by id and email, tenants of a user', async () => {
    const user = ulid();
    for (const key of [keys.domainClaim('example.com').PK, keys.ssoConnection(ulid()).PK, keys.user(user).PK, keys.userEmail('a@example.com').PK]) {
      await allowed({ ...asRuntime, action: 'dynamodb:GetItem', resource: TABLE_ARN, leadingKeys: [key] });
    }
    await allowed({ ...asRuntime, action: 'dynamodb:BatchGetItem', resource: TABLE_ARN, leadingKeys: [keys.user(user).PK, keys.userEmail('a@example.com').PK] });
    await allowed({ ...asRuntime, action: 'dynamodb:Query', resource: index(INDEX.gsi4), leadingKeys: [keys.gsi4.userTenants(user)] });
    // The P2 index keyed by user is the only index it may read.
    for (const name of TENANT_INDEXES) await denied({ ...asRuntime, action: 'dynamodb:Query', resource: index(name), leadingKeys: [keys.gsi4.userTenants(user)] });
  });

  test('never scans, never manages the table, and needs a partition key', async () => {
    for (const resource of [TABLE_ARN, index(INDEX.gsi4)]) await denied({ ...asRuntime, action: 'dynamodb:Scan', resource });
    await denied({ ...asRuntime, action: 'dynamodb:GetItem', resource: TABLE_ARN });
    await denied({ ...asRuntime, action: 'dynamodb:DeleteTable', resource: TABLE_ARN });
  });

  test('assumes the tenant access role, which trusts it and nobody else', async () => {
    const assume = { action: 'sts:AssumeRole', resource: TENANT_ROLE_ARN, trust: TENANT_ROLE_TRUST };
    await allowed({ ...asRuntime, ...assume });
    const anyRole = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'sts:AssumeRole', Resource: '*' }] };
    await denied({ identity: anyRole, principal: `arn:aws:sts::${ACCOUNT}:assumed-role/some-other-role/x`, ...assume });
    await denied({ identity: anyRole, principal: `arn:aws:iam::${ACCOUNT}:user/alice`, ...assume });
    await denied({ identity: anyRole, principal: 'arn:aws:sts::210987654321:assumed-role/arbor-prod-runtime/task-1', ...assume });
    // The runtime role may assume no other role of its own account, with or without an external id.
    await denied({ ...asRuntime, action: 'sts:AssumeRole', resource: `arn:aws:iam::${ACCOUNT}:role/admin` });
    await denied({ ...asRuntime, action: 'sts:AssumeRole', resource: `arn:aws:iam::${ACCOUNT}:role/admin`, externalId: 'tenant-a' });
  });

  test("assumes a customer's audit-stream role only with an external id", async () => {
    const customerRole = 'arn:aws:iam::210987654321:role/arbor-audit';
    const trust = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { AWS: RUNTIME_SESSION.replace(/^arn:aws:sts::(\d+):assumed-role\/([^/]+)\/.*$/, 'arn:aws:iam::$1:role/$2') }, Action: 'sts:AssumeRole' }] };
    await allowed({ ...asRuntime, action: 'sts:AssumeRole', resource: customerRole, trust, externalId: 'tenant-a' });
    await denied({ ...asRuntime, action: 'sts:AssumeRole', resource: customerRole, trust });
  });
});
