// The IAM identity policies of Arbor's three identities, as data: the one source of truth for
// the infra/ template and for the local emulator that enforces them.
//
// - tenant access role: assumed per tenant, always narrowed by a session policy; by itself it
//   can reach only tenant partitions (`T#…`), so even a session-policy bug cannot reach
//   platform items;
// - runtime role (the app's own credentials): platform items only (P1–P3 and JIT user writes),
//   the tenants-of-a-user index (P2), and AssumeRole on the tenant role; never `T#…` keys;
// - operator (a person or script with admin rights: CLI, seeds, P4): the whole table.
// Nobody may Scan except the operator.
import { INDEX, rateLimitTableName } from '../db/table';
import { keys, PLATFORM_KEY_PREFIXES, TENANT_KEY_PREFIX } from '../db/keys';
import { indexArn, indexesArn } from './arns';
import type { PolicyDocument, PolicyStatement } from './policy-document';

/** The item actions the app uses (transactions authorize each item as one of these). */
export const ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** Partition-key prefixes of platform items (lib/db/keys.ts; checked by test/tenancy). */
export { PLATFORM_KEY_PREFIXES };

/** What the webhook worker reads the table's stream with (lib/webhooks/worker). */
export const STREAM_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetShardIterator', 'dynamodb:GetRecords'];

const LEADING_KEYS = 'dynamodb:LeadingKeys';

/** The rate-limit table sits beside the main one: `<table ARN>-rate-limits`. */
export const rateLimitTableArn = (tableArn: string) => rateLimitTableName(tableArn);

/**
 * Allows the actions only when every partition key the request touches matches the patterns,
 * and only when it touches at least one (`ForAllValues` alone is true for an empty set).
 */
export function leadingKeysCondition(patterns: string[]) {
  return {
    'ForAllValues:StringLike': { [LEADING_KEYS]: patterns },
    Null: { [LEADING_KEYS]: 'false' },
  };
}

const neverScan: PolicyStatement = { Sid: 'NeverScan', Effect: 'Deny', Action: 'dynamodb:Scan', Resource: '*' };

export function tenantAccessRolePolicy(input: { tableArn: string }): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'TenantPartitionsOnly',
        Effect: 'Allow',
        Action: ITEM_ACTIONS,
        Resource: [input.tableArn, indexesArn(input.tableArn)],
        Condition: leadingKeysCondition([`${TENANT_KEY_PREFIX}*`]),
      },
      neverScan,
    ],
  };
}

export function runtimeRolePolicy(input: { tableArn: string; tenantRoleArn: string; ownAccountRoles?: string }): PolicyDocument {
  // Every role of Arbor's own account (its tenant access role's account), as an ARN pattern.
  const ownAccountRoles = input.ownAccountRoles ?? input.tenantRoleArn.replace(/:role\/.*$/, ':role/*');
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'PlatformItems',
        Effect: 'Allow',
        Action: ITEM_ACTIONS,
        Resource: input.tableArn,
        Condition: leadingKeysCondition(PLATFORM_KEY_PREFIXES.map((p) => `${p}*`)),
      },
      {
        // P2: GSI4 is keyed `USER#<user>` and projects only keys and tenantId.
        Sid: 'TenantsOfUser',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition([`${keys.userPrefix}*`]),
      },
      {
        // The webhook worker's queue: deliveries by next attempt (keys and tenantId only).
        Sid: 'WebhookDeliveriesDue',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition(['WEBHOOKSDUE']),
      },
      {
        // Change sets due to apply, or whose run's lease ran out (keys and tenantId only).
        Sid: 'ChangeSetsDue',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition(['REORGSDUE']),
      },
      {
        // Access review schedules whose start has come, and open reviews whose reminder or deadline has (keys and tenantId only).
        Sid: 'AccessReviewsDue',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition([keys.gsi4.reviewSchedulesDue(), keys.gsi4.reviewsDue()]),
      },
      {
        // Organizations whose deletion is due, or whose deletion job stopped (keys and tenantId only).
        Sid: 'TenantDeletionsDue',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition(['TENANTDELETIONSDUE']),
      },
      {
        // The audit-stream worker's queue: destinations with entries to send (keys and tenantId only).
        Sid: 'AuditStreamsDue',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexArn(input.tableArn, INDEX.gsi4),
        Condition: leadingKeysCondition(['AUDITSTREAMSDUE']),
      },
      { Sid: 'ReadTableStream', Effect: 'Allow', Action: STREAM_ACTIONS, Resource: `${input.tableArn}/stream/*` },
      { Sid: 'ListTableStreams', Effect: 'Allow', Action: 'dynamodb:ListStreams', Resource: '*' },
      {
        // API rate-limit counters (lib/api-keys/rate-limit.ts): ids and counts, no tenant data.
        Sid: 'RateLimitCounters',
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
        Resource: rateLimitTableArn(input.tableArn),
      },
      { Sid: 'VendTenantCredentials', Effect: 'Allow', Action: 'sts:AssumeRole', Resource: input.tenantRoleArn },
      {
        // Audit streaming to S3 by role: the role a customer grants, always with its organization's
        // id as ExternalId (the confused-deputy guard its trust policy checks).
        Sid: 'AssumeCustomerAuditRoles',
        Effect: 'Allow',
        Action: 'sts:AssumeRole',
        Resource: 'arn:*:iam::*:role/*',
        Condition: { Null: { 'sts:ExternalId': 'false' } },
      },
      {
        // ...but never a role of Arbor's own account that way (the app refuses such ARNs too).
        Sid: 'NoOwnRolesAsCustomerRoles',
        Effect: 'Deny',
        Action: 'sts:AssumeRole',
        Resource: ownAccountRoles,
        Condition: { Null: { 'sts:ExternalId': 'false' } },
      },
      neverScan,
    ],
  };
}

/** Only the runtime identity may assume the tenant access role. */
export function tenantRoleTrustPolicy(runtimePrincipalArn: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { AWS: runtimePrincipalArn }, Action: 'sts:AssumeRole' }],
  };
}

/** The operator: full access to the table (CLI, seeds, P4, one-off admin scripts). */
export function operatorPolicy(input: { tableArn: string }): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      { Sid: 'WholeTable', Effect: 'Allow', Action: 'dynamodb:*', Resource: [input.tableArn, indexesArn(input.tableArn)] },
      { Sid: 'ListTables', Effect: 'Allow', Action: 'dynamodb:ListTables', Resource: '*' },
      {
        // Point-in-time restores are named `<table>-restore-<when>` (docs/deploy.md, "Restoring one
        // tenant"): read one tenant out of them (`tenant copy --from-table`), then delete them.
        Sid: 'RestoredTables',
        Effect: 'Allow',
        Action: ['dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:DeleteTable'],
        Resource: [`${input.tableArn}-restore-*`, `${input.tableArn}-restore-*/index/*`],
      },
    ],
  };
}
