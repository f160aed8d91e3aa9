// Arbor's AWS CloudFormation template, built from the app's own definitions: the table shape from
// lib/db/table.ts and every IAM policy from lib/tenancy/role-policies.ts, so the deployed roles
// cannot drift from what the app and the local emulator enforce. `npm run infra:synth` writes it
// to infra/arbor.template.json; a test fails when the committed file differs.
import { rateLimitTableDefinition, RATE_LIMIT_TTL_ATTRIBUTE, tableDefinition, TTL_ATTRIBUTE } from '../lib/db/table';
import type { PolicyDocument } from '../lib/tenancy/policy-document';
import {
  operatorPolicy,
  runtimeRolePolicy,
  tenantAccessRolePolicy,
  tenantRoleTrustPolicy,
} from '../lib/tenancy/role-policies';
import { getAtt, ref, substitute, type CfnResource, type CfnTemplate, type Json } from './intrinsics';

/** Stack outputs, each named after the app's environment variable it sets (its Description). */
export const STACK_OUTPUTS = {
  ArborTable: 'ARBOR_TABLE',
  ArborTenantRoleArn: 'ARBOR_TENANT_ROLE_ARN',
  AwsRegion: 'AWS_REGION',
} as const;

/** Services that may run the app servers under the runtime role. */
export const RUNTIME_SERVICES = [
  'ecs-tasks.amazonaws.com',
  'ec2.amazonaws.com',
  'tasks.apprunner.amazonaws.com',
  'lambda.amazonaws.com',
];

const PSEUDO_PARAMETERS = ['AWS::AccountId', 'AWS::Partition', 'AWS::Region', 'AWS::StackName', 'AWS::URLSuffix'];

// Placeholders handed to the policy builders; `substitute` turns them into Fn::Sub.
const TABLE_ARN = '${Table.Arn}';
const TENANT_ROLE_ARN = '${TenantAccessRole.Arn}';
const RUNTIME_ROLE_ARN = '${RuntimeRole.Arn}';

/** SDK shapes are plain data; this only tells TypeScript so. */
const json = (value: unknown) => value as Json;

const tags = (role: string): Json => [
  { Key: 'arbor:env', Value: ref('EnvName') },
  { Key: 'arbor:role', Value: role },
];

export function buildTemplate(): CfnTemplate {
  const parameters: CfnTemplate['Parameters'] = {
    EnvName: {
      Type: 'String',
      Default: 'prod',
      AllowedPattern: '^[a-z][a-z0-9-]{0,19}$',
      Description: 'Environment name (prod, staging, …): part of the role, policy and default table names',
    },
    TableName: {
      Type: 'String',
      Default: '',
      AllowedPattern: '^$|^[A-Za-z0-9_.-]{3,255}$',
      Description: 'DynamoDB table name; empty means arbor-<EnvName>',
    },
    AppUrl: {
      Type: 'String',
      Default: '',
      AllowedPattern: '^$|^https://[A-Za-z0-9.-]+(:[0-9]+)?$',
      Description: "The app's public origin (https://arbor.example.com); empty: no scheduler wake-up (scheduled change sets wait)",
    },
    SchedulerToken: {
      Type: 'String',
      Default: '',
      NoEcho: true,
      AllowedPattern: '^$|^[A-Za-z0-9_-]{32,}$',
      Description: "The app's ARBOR_SCHEDULER_TOKEN: EventBridge sends it to POST /api/internal/run-due every minute",
    },
    RuntimeService: {
      Type: 'String',
      Default: RUNTIME_SERVICES[0],
      AllowedValues: RUNTIME_SERVICES,
      Description: 'The AWS service that runs the Next.js servers and assumes the runtime role',
    },
  };
  const conditions: CfnTemplate['Conditions'] = {
    DefaultTableName: { 'Fn::Equals': [ref('TableName'), ''] },
    RunsOnEc2: { 'Fn::Equals': [ref('RuntimeService'), 'ec2.amazonaws.com'] },
    WakesScheduler: { 'Fn::Not': [{ 'Fn::Equals': [ref('AppUrl'), ''] }] },
  };

  const { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes, BillingMode, StreamSpecification } = tableDefinition('unused');
  const rateLimit = rateLimitTableDefinition('unused');
  const resources: Record<string, CfnResource> = {
    Table: {
      Type: 'AWS::DynamoDB::Table',
      // The data outlives the stack: deleting or replacing the stack never deletes the table.
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        TableName: { 'Fn::If': ['DefaultTableName', { 'Fn::Sub': 'arbor-${EnvName}' }, ref('TableName')] },
        BillingMode: BillingMode ?? 'PAY_PER_REQUEST',
        AttributeDefinitions: json(AttributeDefinitions),
        KeySchema: json(KeySchema),
        GlobalSecondaryIndexes: json(GlobalSecondaryIndexes),
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        // Read by the webhook worker (`npm run worker:webhooks`) for new audit entries.
        StreamSpecification: { StreamViewType: StreamSpecification?.StreamViewType ?? 'NEW_IMAGE' },
        Tags: tags('table'),
      },
    },
    // API rate-limit counters (lib/api-keys/rate-limit.ts): `<table>-rate-limits`, short-lived.
    RateLimitTable: {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        TableName: { 'Fn::Sub': '${Table}-rate-limits' },
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: json(rateLimit.AttributeDefinitions),
        KeySchema: json(rateLimit.KeySchema),
        TimeToLiveSpecification: { AttributeName: RATE_LIMIT_TTL_ATTRIBUTE, Enabled: true },
        Tags: tags('rate-limits'),
      },
    },
    RuntimeRole: {
      Type: 'AWS::IAM::Role',
      Properties: {
        RoleName: { 'Fn::Sub': 'arbor-${EnvName}-runtime' },
        Description: 'Arbor app servers: platform items (P1-P4) and AssumeRole on the tenant access role',
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: ref('RuntimeService') }, Action: 'sts:AssumeRole' }],
        },
        Tags: tags('runtime'),
      },
    },
    // A separate resource (not inline in RuntimeRole): it names the tenant role, whose trust
    // policy names the runtime role, and inlining both would be a dependency cycle.
    RuntimeRolePolicy: {
      Type: 'AWS::IAM::RolePolicy',
      Properties: {
        RoleName: ref('RuntimeRole'),
        PolicyName: 'arbor-runtime',
        PolicyDocument: policy(runtimeRolePolicy({ tableArn: TABLE_ARN, tenantRoleArn: TENANT_ROLE_ARN, ownAccountRoles: 'arn:${AWS::Partition}:iam::${AWS::AccountId}:role/*' })),
      },
    },
    TenantAccessRole: {
      Type: 'AWS::IAM::Role',
      Properties: {
        RoleName: { 'Fn::Sub': 'arbor-${EnvName}-tenant-access' },
        Description: 'Assumed per tenant by the runtime role, always narrowed by a tenant session policy',
        MaxSessionDuration: 3600,
        AssumeRolePolicyDocument: policy(tenantRoleTrustPolicy(RUNTIME_ROLE_ARN)),
        Policies: [{ PolicyName: 'arbor-tenant-access', PolicyDocument: policy(tenantAccessRolePolicy({ tableArn: TABLE_ARN })) }],
        Tags: tags('tenant-access'),
      },
    },
    OperatorPolicy: {
      Type: 'AWS::IAM::ManagedPolicy',
      Properties: {
        ManagedPolicyName: { 'Fn::Sub': 'arbor-${EnvName}-operator' },
        Description: 'Attach to the people or CI roles that run the Arbor CLI (tenant create, sso set, seeds)',
        PolicyDocument: policy(operatorPolicy({ tableArn: TABLE_ARN })),
      },
    },
    // The scheduler's wake-up: every minute EventBridge posts to the app (any instance behind its
    // load balancer), which starts due change sets and resumes stopped runs (lib/change-sets).
    SchedulerConnection: {
      Type: 'AWS::Events::Connection',
      Condition: 'WakesScheduler',
      Properties: {
        Description: 'Arbor scheduler wake-up: the bearer token of POST /api/internal/run-due',
        AuthorizationType: 'API_KEY',
        AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'Authorization', ApiKeyValue: { 'Fn::Sub': 'Bearer ${SchedulerToken}' } } },
      },
    },
    SchedulerDestination: {
      Type: 'AWS::Events::ApiDestination',
      Condition: 'WakesScheduler',
      Properties: {
        ConnectionArn: getAtt('SchedulerConnection', 'Arn'),
        HttpMethod: 'POST',
        InvocationEndpoint: { 'Fn::Sub': '${AppUrl}/api/internal/run-due' },
        InvocationRateLimitPerSecond: 1,
      },
    },
    SchedulerRole: {
      Type: 'AWS::IAM::Role',
      Condition: 'WakesScheduler',
      Properties: {
        RoleName: { 'Fn::Sub': 'arbor-${EnvName}-scheduler' },
        Description: 'EventBridge: invokes the Arbor scheduler wake-up destination, nothing else',
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sts:AssumeRole' }],
        },
        Policies: [{
          PolicyName: 'arbor-scheduler',
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: 'events:InvokeApiDestination', Resource: getAtt('SchedulerDestination', 'Arn') }],
          },
        }],
        Tags: tags('scheduler'),
      },
    },
    SchedulerRule: {
      Type: 'AWS::Events::Rule',
      Condition: 'WakesScheduler',
      Properties: {
        Description: 'Arbor: wake the app every minute for due change sets',
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        // A missed wake-up is made up by the next one: nothing to retry.
        Targets: [{ Id: 'run-due', Arn: getAtt('SchedulerDestination', 'Arn'), RoleArn: getAtt('SchedulerRole', 'Arn'), RetryPolicy: { MaximumRetryAttempts: 0 } }],
      },
    },
    RuntimeInstanceProfile: {
      Type: 'AWS::IAM::InstanceProfile',
      Condition: 'RunsOnEc2',
      Properties: {
        InstanceProfileName: { 'Fn::Sub': 'arbor-${EnvName}-runtime' },
        Roles: [ref('RuntimeRole')],
      },
    },
  };

  const outputValues: Record<keyof typeof STACK_OUTPUTS, Json> = {
    ArborTable: ref('Table'),
    ArborTenantRoleArn: getAtt('TenantAccessRole', 'Arn'),
    AwsRegion: ref('AWS::Region'),
  };
  const outputs = Object.fromEntries(
    Object.entries(STACK_OUTPUTS).map(([key, variable]) => [
      key,
      { Description: variable, Value: outputValues[key as keyof typeof STACK_OUTPUTS] },
    ]),
  );

  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: 'Arbor: the DynamoDB table (with its stream) and its rate-limit table, the app runtime role, the tenant access role, the operator policy and the scheduler wake-up',
    Parameters: parameters,
    Conditions: conditions,
    Resources: resources,
    Outputs: outputs,
  };

  function policy(doc: PolicyDocument): Json {
    const names = new Set([...Object.keys(parameters), ...PSEUDO_PARAMETERS]);
    return substitute(doc, (name) => names.has(name) || /^(Table|TenantAccessRole|RuntimeRole)\.Arn$/.test(name));
  }
}

/** The template as committed: stable key order, two-space indent, trailing newline. */
export const templateText = () => `${JSON.stringify(buildTemplate(), null, 2)}\n`;
