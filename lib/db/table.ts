// The one table: its name, key attributes and indexes. Used by the stack scripts to create it
// and by repositories to name indexes; infra/ declares the same shape for AWS.
import type { CreateTableCommandInput, GlobalSecondaryIndex, Projection } from '@aws-sdk/client-dynamodb';

export const INDEX = {
  /** Tree, member tree, per-unit audit, invitations, move jobs. */
  gsi1: 'GSI1',
  /** Children by name; members and invitations by email. */
  gsi2: 'GSI2',
  /** Units and members by name prefix. */
  gsi3: 'GSI3',
  /** Platform: the tenants of a user. Keys and tenantId only. */
  gsi4: 'GSI4',
} as const;

/** TTL attribute (epoch seconds): audit entries, invitations, finished jobs, session records. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const gsi = (name: string, n: number, projection: Projection): GlobalSecondaryIndex => ({
    IndexName: name,
    KeySchema: [
      { AttributeName: `GSI${n}PK`, KeyType: 'HASH' },
      { AttributeName: `GSI${n}SK`, KeyType: 'RANGE' },
    ],
    Projection: projection,
  });
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      'PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'GSI4PK', 'GSI4SK',
    ].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    // The webhook worker reads new audit entries from the stream (lib/webhooks/worker).
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    GlobalSecondaryIndexes: [
      gsi(INDEX.gsi1, 1, { ProjectionType: 'ALL' }),
      gsi(INDEX.gsi2, 2, { ProjectionType: 'ALL' }),
      gsi(INDEX.gsi3, 3, { ProjectionType: 'ALL' }),
      gsi(INDEX.gsi4, 4, { ProjectionType: 'INCLUDE', NonKeyAttributes: ['tenantId'] }),
    ],
  };
}

/** The counters of API rate limits (lib/api-keys/rate-limit.ts): rate-limiter-flexible's layout. */
export const RATE_LIMIT_TTL_ATTRIBUTE = 'expire';
export const rateLimitTableName = (tableName: string) => `${tableName}-rate-limits`;

export function rateLimitTableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'key', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'key', KeyType: 'HASH' }],
  };
}
