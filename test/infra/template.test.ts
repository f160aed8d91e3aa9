// The CloudFormation template, checked offline: committed = generated, structure, references,
// no dependency cycles, the table equals lib/db/table.ts, outputs map one-to-one onto the app's
// environment variables, and cfn-lint (when this machine has it) finds nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildTemplate, STACK_OUTPUTS, templateText } from '../../infra/template';
import type { CfnTemplate } from '../../infra/intrinsics';
import { CONFIG_VARIABLES } from '../../lib/config';
import { tableDefinition, TTL_ATTRIBUTE } from '../../lib/db/table';
import { resolveTemplate } from './resolve-template';

const TEMPLATE_FILE = 'infra/arbor.template.json';
const committedText = readFileSync(TEMPLATE_FILE, 'utf8');
const template = JSON.parse(committedText) as CfnTemplate;

// The properties CloudFormation documents for each resource type used, with the required ones
// and the attributes Fn::GetAtt may read. A typo in a property name fails here, not at deploy.
const RESOURCE_SPEC: Record<string, { required: string[]; allowed: string[]; attributes: string[] }> = {
  'AWS::DynamoDB::Table': {
    required: ['KeySchema'],
    allowed: [
      'AttributeDefinitions', 'BillingMode', 'ContributorInsightsSpecification', 'DeletionProtectionEnabled',
      'GlobalSecondaryIndexes', 'ImportSourceSpecification', 'KeySchema', 'KinesisStreamSpecification',
      'LocalSecondaryIndexes', 'OnDemandThroughput', 'PointInTimeRecoverySpecification', 'ProvisionedThroughput',
      'ResourcePolicy', 'SSESpecification', 'StreamSpecification', 'TableClass', 'TableName', 'Tags',
      'TimeToLiveSpecification', 'WarmThroughput',
    ],
    attributes: ['Arn', 'StreamArn'],
  },
  'AWS::IAM::Role': {
    required: ['AssumeRolePolicyDocument'],
    allowed: ['AssumeRolePolicyDocument', 'Description', 'ManagedPolicyArns', 'MaxSessionDuration', 'Path', 'PermissionsBoundary', 'Policies', 'RoleName', 'Tags'],
    attributes: ['Arn', 'RoleId'],
  },
  'AWS::IAM::RolePolicy': { required: ['PolicyDocument', 'PolicyName', 'RoleName'], allowed: ['PolicyDocument', 'PolicyName', 'RoleName'], attributes: [] },
  'AWS::IAM::ManagedPolicy': {
    required: ['PolicyDocument'],
    allowed: ['Description', 'Groups', 'ManagedPolicyName', 'Path', 'PolicyDocument', 'Roles', 'Users'],
    attributes: ['PolicyArn', 'PolicyId'],
  },
  'AWS::IAM::InstanceProfile': { required: ['Roles'], allowed: ['InstanceProfileName', 'Path', 'Roles'], attributes: ['Arn'] },
  'AWS::Events::Connection': {
    required: [],
    allowed: ['AuthParameters', 'AuthorizationType', 'Description', 'InvocationConnectivityParameters', 'KmsKeyIdentifier', 'Name'],
    attributes: ['Arn', 'ArnForPolicy', 'AuthParameters.ConnectivityParameters.ResourceParameters.ResourceAssociationArn', 'InvocationConnectivityParameters.ResourceParameters.ResourceAssociationArn', 'SecretArn'],
  },
  'AWS::Events::ApiDestination': {
    required: ['ConnectionArn', 'HttpMethod', 'InvocationEndpoint'],
    allowed: ['ConnectionArn', 'Description', 'HttpMethod', 'InvocationEndpoint', 'InvocationRateLimitPerSecond', 'Name'],
    attributes: ['Arn', 'ArnForPolicy'],
  },
  'AWS::Events::Rule': {
    required: [],
    allowed: ['Description', 'EventBusName', 'EventPattern', 'Name', 'RoleArn', 'ScheduleExpression', 'State', 'Targets'],
    attributes: ['Arn'],
  },
};
const PSEUDO = ['AWS::AccountId', 'AWS::Partition', 'AWS::Region', 'AWS::StackName', 'AWS::URLSuffix', 'AWS::NoValue'];

/** Every reference in a value: Ref, GetAtt, names inside Fn::Sub, and conditions of Fn::If. */
function references(value: unknown, out: { refs: string[]; atts: [string, string][]; conditions: string[] } = { refs: [], atts: [], conditions: [] }) {
  if (Array.isArray(value)) value.forEach((v) => references(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'Ref') out.refs.push(v as string);
      else if (k === 'Fn::GetAtt') out.atts.push(v as [string, string]);
      else if (k === 'Fn::Sub') {
        for (const [, name] of (v as string).matchAll(/\$\{(?!!)([^}]+)\}/g)) {
          if (name.includes('.')) out.atts.push(name.split('.', 2) as [string, string]);
          else out.refs.push(name);
        }
      } else if (k === 'Fn::If') {
        out.conditions.push((v as unknown[])[0] as string);
        references((v as unknown[]).slice(1), out);
      } else references(v, out);
    }
  }
  return out;
}

describe('infra/arbor.template.json', () => {
  test('is exactly what infra/template.ts generates (run npm run infra:synth after changing policies)', () => {
    assert.equal(committedText, templateText());
  });

  test('fits the 51,200-byte limit for templates deployed from a local file', () => {
    assert.ok(Buffer.byteLength(committedText) < 51_200, `${Buffer.byteLength(committedText)} bytes`);
  });

  test('has only documented sections, resource types and properties', () => {
    assert.deepEqual(Object.keys(template).sort(), ['AWSTemplateFormatVersion', 'Conditions', 'Description', 'Outputs', 'Parameters', 'Resources']);
    assert.equal(template.AWSTemplateFormatVersion, '2010-09-09');
    for (const [id, resource] of Object.entries(template.Resources)) {
      assert.match(id, /^[A-Za-z0-9]+$/);
      const spec = RESOURCE_SPEC[resource.Type];
      assert.ok(spec, `${id}: unexpected type ${resource.Type}`);
      for (const p of spec.required) assert.ok(p in resource.Properties, `${id}: missing ${p}`);
      for (const p of Object.keys(resource.Properties)) assert.ok(spec.allowed.includes(p), `${id}: unknown property ${p}`);
    }
    for (const [name, p] of Object.entries(template.Parameters)) {
      assert.equal(p.Type, 'String', name);
      assert.ok(typeof p.Description === 'string', name);
    }
  });

  test('every Ref, GetAtt, Sub name and condition exists', () => {
    const names = new Set([...Object.keys(template.Parameters), ...Object.keys(template.Resources), ...PSEUDO]);
    const all = references({ r: template.Resources, o: template.Outputs, c: template.Conditions });
    for (const r of template.Resources ? Object.values(template.Resources) : []) if (r.Condition) all.conditions.push(r.Condition);
    assert.ok(all.refs.length > 5 && all.atts.length > 3);
    for (const name of all.refs) assert.ok(names.has(name), `Ref ${name} does not exist`);
    for (const [resource, attribute] of all.atts) {
      const target = template.Resources[resource];
      assert.ok(target, `GetAtt ${resource}.${attribute}: no such resource`);
      assert.ok(RESOURCE_SPEC[target.Type].attributes.includes(attribute), `GetAtt ${resource}.${attribute}: no such attribute`);
    }
    for (const c of all.conditions) assert.ok(c in template.Conditions, `condition ${c} does not exist`);
  });

  test('resources do not depend on each other in a cycle', () => {
    const edges = Object.fromEntries(
      Object.entries(template.Resources).map(([id, r]) => {
        const { refs, atts } = references(r.Properties);
        const deps = [...refs, ...atts.map(([x]) => x), ...[r.DependsOn ?? []].flat()];
        return [id, deps.filter((d) => d in template.Resources)];
      }),
    );
    const state: Record<string, 'visiting' | 'done'> = {};
    const visit = (id: string, path: string[]) => {
      assert.notEqual(state[id], 'visiting', `cycle: ${[...path, id].join(' → ')}`);
      if (state[id] === 'done') return;
      state[id] = 'visiting';
      for (const d of edges[id]) visit(d, [...path, id]);
      state[id] = 'done';
    };
    Object.keys(edges).forEach((id) => visit(id, []));
  });

  test('the table has the keys and indexes of lib/db/table.ts, on demand, PITR, deletion protection and TTL', () => {
    const table = template.Resources.Table;
    const def = tableDefinition('x');
    assert.deepEqual(table.Properties.KeySchema, def.KeySchema);
    assert.deepEqual(table.Properties.AttributeDefinitions, def.AttributeDefinitions);
    assert.deepEqual(table.Properties.GlobalSecondaryIndexes, def.GlobalSecondaryIndexes);
    assert.equal(table.Properties.BillingMode, 'PAY_PER_REQUEST');
    assert.deepEqual(table.Properties.PointInTimeRecoverySpecification, { PointInTimeRecoveryEnabled: true });
    assert.equal(table.Properties.DeletionProtectionEnabled, true);
    assert.deepEqual(table.Properties.TimeToLiveSpecification, { AttributeName: TTL_ATTRIBUTE, Enabled: true });
    assert.equal(table.DeletionPolicy, 'Retain');
    assert.equal(table.UpdateReplacePolicy, 'Retain');
    assert.equal(TTL_ATTRIBUTE, 'expiresAt');
  });

  test('outputs map one-to-one onto the app environment variables', () => {
    const variables = Object.values(template.Outputs).map((o) => o.Description);
    assert.equal(new Set(variables).size, variables.length, 'two outputs set the same variable');
    for (const [key, output] of Object.entries(template.Outputs)) {
      assert.ok((CONFIG_VARIABLES as string[]).includes(output.Description), `${key} sets ${output.Description}, which the app does not read`);
      // The output key is the variable in PascalCase, so either name finds the other.
      const pascal = output.Description.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
      assert.equal(key, pascal);
    }
    assert.deepEqual(Object.keys(template.Outputs), Object.keys(STACK_OUTPUTS));
    assert.deepEqual(variables.sort(), ['ARBOR_TABLE', 'ARBOR_TENANT_ROLE_ARN', 'AWS_REGION']);
  });

  test('resolves for the default parameters and for an explicit table name, with names inside IAM limits', () => {
    const a = resolveTemplate(buildTemplate(), { accountId: '123456789012', region: 'eu-west-1' });
    assert.deepEqual(a.outputs.ArborTable.Value, 'arbor-prod');
    assert.deepEqual(a.outputs.ArborTenantRoleArn.Value, 'arn:aws:iam::123456789012:role/arbor-prod-tenant-access');
    assert.deepEqual(a.outputs.AwsRegion.Value, 'eu-west-1');
    assert.ok(!('RuntimeInstanceProfile' in a.resources));

    const longest = 'e'.repeat(20);
    const b = resolveTemplate(buildTemplate(), {
      accountId: '123456789012', region: 'us-gov-west-1', partition: 'aws-us-gov',
      parameters: { EnvName: longest, TableName: 'Arbor.Main_1', RuntimeService: 'ec2.amazonaws.com' },
    });
    assert.equal(b.outputs.ArborTable.Value, 'Arbor.Main_1');
    assert.ok('RuntimeInstanceProfile' in b.resources);
    assert.ok(!('SchedulerRule' in a.resources), 'no app URL: no wake-up');
    const c = resolveTemplate(buildTemplate(), {
      accountId: '123456789012', region: 'eu-west-1', parameters: { AppUrl: 'https://arbor.example.com', SchedulerToken: 't'.repeat(43) },
    });
    assert.equal(c.resources.SchedulerDestination.Properties.InvocationEndpoint, 'https://arbor.example.com/api/internal/run-due');
    assert.ok('SchedulerRule' in c.resources);
    for (const r of Object.values(b.resources)) {
      const name = (r.Properties.RoleName ?? r.Properties.ManagedPolicyName ?? r.Properties.InstanceProfileName) as string | undefined;
      if (r.Type !== 'AWS::IAM::RolePolicy' && name) assert.ok(name.length <= 64, `${name} is longer than IAM allows`);
    }
    assert.throws(() => resolveTemplate(buildTemplate(), { accountId: '1', region: 'x', parameters: { EnvName: 'Prod!' } }), /EnvName/);
  });

  test('cfn-lint, the AWS CloudFormation linter, finds nothing (skipped where it is not installed)', (t) => {
    const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
    if (probe.status !== 0) return t.skip('cfn-lint is not installed on this machine (pip install cfn-lint)');
    const out = spawnSync('cfn-lint', ['--format', 'parseable', TEMPLATE_FILE], { encoding: 'utf8' });
    assert.equal(out.status, 0, `${out.stdout}${out.stderr}`);
  });
});
