// The emulator's focused IAM evaluator against @cloud-copilot/iam-simulate (a full IAM
// simulator; AGPL, so test tooling only) on a table of cases: Arbor's real policies over
// actions × resources × leading-key sets, and synthetic policies for each condition operator,
// set qualifier and IfExists/Null edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import { operatorPolicy, runtimeRolePolicy, tenantAccessRolePolicy, tenantSessionPolicy, type PolicyDocument } from '../../lib/tenancy';
import { evaluate, type ContextValue } from '../../scripts/local-stack/aws-emulator/evaluator';

const account = '000000000000';
const table = `arn:aws:dynamodb:us-east-1:${account}:table/arbor`;
const tenantRole = `arn:aws:iam::${account}:role/arbor-tenant-access`;
const sessionPrincipal = `arn:aws:sts::${account}:assumed-role/arbor-tenant-access/t=ab`;
const userPrincipal = `arn:aws:iam::${account}:user/arbor-runtime`;

interface Case {
  name: string;
  principal: string;
  identity: PolicyDocument[];
  session?: PolicyDocument;
  action: string;
  resource: string;
  context: Record<string, ContextValue>;
}

type Outcome = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied';

function mine(c: Case): Outcome {
  const d = evaluate({ principalArn: c.principal, action: c.action, resource: c.resource, context: c.context }, { identity: c.identity, session: c.session });
  return d.allowed ? 'Allowed' : d.reason === 'explicitDeny' ? 'ExplicitlyDenied' : 'ImplicitlyDenied';
}

async function reference(c: Case): Promise<Outcome> {
  const contextVariables = Object.fromEntries(Object.entries(c.context).filter((e): e is [string, string | string[]] => e[1] !== undefined));
  const simulation: Simulation = {
    request: { principal: c.principal, action: c.action, resource: { resource: c.resource, accountId: account }, contextVariables },
    identityPolicies: c.identity.map((policy, i) => ({ name: `p${i}`, policy })),
    sessionPolicy: c.session,
    serviceControlPolicies: [],
    resourceControlPolicies: [],
  };
  const out = await runSimulation(simulation, {});
  if (out.resultType === 'error') throw new Error(`${c.name}: iam-simulate refused the case: ${JSON.stringify(out.errors)}`);
  return out.overallResult as Outcome;
}

const itemActions = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem'];
const otherActions = ['dynamodb:Scan', 'dynamodb:DescribeTable', 'dynamodb:DeleteTable'];
const resources = [table, `${table}/index/GSI1`, `${table}/index/GSI4`, `arn:aws:dynamodb:us-east-1:${account}:table/other`];
const keySets: (string[] | undefined)[] = [
  ['T#ab'], ['T#ab#U#1'], ['T#abc'], ['T#abc#U#1'], ['T#ab-x#U#1'], ['T#ab', 'T#ab#AUDIT'], ['T#ab#U#1', 'T#abc#U#1'],
  ['T#AB#U#1'], ['TENANT#ab'], ['USER#u1'], ['USER#u1', 'EMAIL#e'], ['USER#u1', 'T#ab'], undefined,
];

function arborCases(): Case[] {
  const scopes = [
    { name: 'tenant session', principal: sessionPrincipal, identity: [tenantAccessRolePolicy({ tableArn: table })], session: tenantSessionPolicy({ tableArn: table, tenantId: 'ab' }) },
    { name: 'tenant role without session policy', principal: sessionPrincipal, identity: [tenantAccessRolePolicy({ tableArn: table })] },
    { name: 'runtime', principal: userPrincipal, identity: [runtimeRolePolicy({ tableArn: table, tenantRoleArn: tenantRole })] },
    { name: 'operator', principal: userPrincipal, identity: [operatorPolicy({ tableArn: table })] },
  ];
  return scopes.flatMap((scope) =>
    resources.flatMap((resource) => [
      ...itemActions.flatMap((action) =>
        keySets.map((keys) => ({ ...scope, name: `${scope.name} ${action} ${resource.split(':').pop()} ${JSON.stringify(keys)}`, action, resource, context: { 'dynamodb:LeadingKeys': keys } })),
      ),
      ...otherActions.map((action) => ({ ...scope, name: `${scope.name} ${action} ${resource.split(':').pop()}`, action, resource, context: {} })),
    ]),
  );
}

const allow = (Condition?: PolicyDocument['Statement'][number]['Condition'], extra: object = {}): PolicyDocument => ({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: table, ...(Condition ? { Condition } : {}), ...extra }],
});

function operatorCases(): Case[] {
  const lk = 'dynamodb:LeadingKeys';
  const attrs = 'dynamodb:Attributes';
  const select = 'dynamodb:Select';
  const conditions: [string, PolicyDocument['Statement'][number]['Condition']][] = [
    ['StringEquals', { StringEquals: { [select]: 'ALL_ATTRIBUTES' } }],
    ['StringEquals, several values', { StringEquals: { [select]: ['COUNT', 'ALL_ATTRIBUTES'] } }],
    ['StringNotEquals', { StringNotEquals: { [select]: 'COUNT' } }],
    ['StringEqualsIgnoreCase', { StringEqualsIgnoreCase: { [select]: 'all_attributes' } }],
    ['StringNotEqualsIgnoreCase', { StringNotEqualsIgnoreCase: { [select]: 'count' } }],
    ['StringLike ?', { StringLike: { [select]: 'ALL_?TTRIBUTES' } }],
    ['StringNotLike', { StringNotLike: { [select]: '*PROJECTED*' } }],
    ['StringEqualsIfExists', { StringEqualsIfExists: { [select]: 'ALL_ATTRIBUTES' } }],
    ['StringLikeIfExists', { StringLikeIfExists: { [select]: 'SPECIFIC*' } }],
    ['Null true', { Null: { [select]: 'true' } }],
    ['Null false', { Null: { [select]: 'false' } }],
    ['Null on a set', { Null: { [lk]: 'false' } }],
    ['Bool', { Bool: { 'aws:SecureTransport': 'true' } }],
    ['BoolIfExists', { BoolIfExists: { 'aws:SecureTransport': 'false' } }],
    ['ArnLike', { ArnLike: { 'aws:PrincipalArn': `arn:aws:iam::${account}:user/arbor-*` } }],
    ['ArnNotLike', { ArnNotLike: { 'aws:PrincipalArn': `arn:aws:iam::${account}:role/*` } }],
    ['ArnEquals', { ArnEquals: { 'aws:PrincipalArn': userPrincipal } }],
    ['ForAllValues:StringLike', { 'ForAllValues:StringLike': { [lk]: ['T#ab', 'T#ab#*'] } }],
    ['ForAllValues:StringEquals', { 'ForAllValues:StringEquals': { [attrs]: ['PK', 'SK', 'name'] } }],
    ['ForAllValues:StringNotLike', { 'ForAllValues:StringNotLike': { [lk]: ['TENANT#*', 'USER#*'] } }],
    ['ForAnyValue:StringLike', { 'ForAnyValue:StringLike': { [lk]: ['T#ab#*'] } }],
    ['ForAnyValue:StringEquals', { 'ForAnyValue:StringEquals': { [attrs]: ['secret'] } }],
    ['ForAnyValue:StringNotEquals', { 'ForAnyValue:StringNotEquals': { [attrs]: ['PK', 'SK'] } }],
    ['StringLike on a set, no qualifier', { StringLike: { [lk]: 'T#ab*' } }],
    ['StringNotLike on a set, no qualifier', { StringNotLike: { [lk]: 'USER#*' } }],
    ['two operators (AND)', { 'ForAllValues:StringLike': { [lk]: ['T#ab*'] }, StringEquals: { [select]: 'ALL_ATTRIBUTES' } }],
  ];
  const contexts: Record<string, ContextValue>[] = [
    {},
    { [select]: 'ALL_ATTRIBUTES', 'aws:SecureTransport': 'true' },
    { [select]: 'COUNT', 'aws:SecureTransport': 'false' },
    { [select]: 'SPECIFIC_ATTRIBUTES', [attrs]: ['PK', 'SK'], [lk]: ['T#ab#U#1'] },
    { [select]: 'ALL_PROJECTED_ATTRIBUTES', [attrs]: ['PK', 'secret'], [lk]: ['T#ab', 'T#abc'] },
    { [attrs]: ['name'], [lk]: ['TENANT#x', 'USER#y'] },
    { [lk]: ['T#ab', 'USER#y'] },
  ];
  const cases: Case[] = [];
  for (const [name, condition] of conditions) {
    contexts.forEach((context, i) => {
      cases.push({ name: `${name} #${i}`, principal: userPrincipal, identity: [allow(condition)], action: 'dynamodb:GetItem', resource: table, context });
    });
  }
  // A global key: iam-simulate (like AWS) drops service keys an action does not have.
  const deny: PolicyDocument = { Version: '2012-10-17', Statement: [{ Effect: 'Deny', Action: 'dynamodb:*', Resource: '*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }] };
  const everything: PolicyDocument = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'dynamodb:*', Resource: '*' }] };
  const notAction: PolicyDocument = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', NotAction: ['dynamodb:Scan', 'dynamodb:Delete*'], Resource: table }] };
  const notResource: PolicyDocument = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'dynamodb:Get*', NotResource: `${table}/index/*` }] };
  for (const action of ['dynamodb:GetItem', 'dynamodb:Scan', 'dynamodb:DeleteItem', 'dynamodb:getitem']) {
    for (const resource of [table, `${table}/index/GSI1`]) {
      for (const context of contexts.slice(1, 3)) {
        const base = { principal: sessionPrincipal, action, resource, context };
        cases.push({ ...base, name: `deny in identity ${action}`, identity: [everything, deny] });
        cases.push({ ...base, name: `deny in session ${action}`, identity: [everything], session: deny });
        cases.push({ ...base, name: `session narrows ${action}`, identity: [everything], session: notAction });
        cases.push({ ...base, name: `NotAction ${action}`, identity: [notAction] });
        cases.push({ ...base, name: `NotResource ${action}`, identity: [notResource], session: everything });
      }
    }
  }
  return cases;
}

test('the emulator’s evaluator decides like iam-simulate on every case of the table', async () => {
  const cases = [...arborCases(), ...operatorCases()];
  const disagreements: string[] = [];
  for (const c of cases) {
    const [ours, theirs] = [mine(c), await reference(c)];
    if (ours !== theirs) disagreements.push(`${c.name}: emulator ${ours}, iam-simulate ${theirs}`);
  }
  assert.deepEqual(disagreements, [], `${disagreements.length} of ${cases.length} cases disagree`);
  assert.ok(cases.length > 700, `${cases.length} cases`);
});

test('an empty leading-key set fails closed (the gateway never sends one; IAM’s handling is not documented)', () => {
  const c = { principalArn: sessionPrincipal, action: 'dynamodb:Query', resource: table, context: { 'dynamodb:LeadingKeys': [] as string[] } };
  const policies = { identity: [tenantAccessRolePolicy({ tableArn: table })], session: tenantSessionPolicy({ tableArn: table, tenantId: 'ab' }) };
  assert.equal(evaluate(c, policies).allowed, false);
});
