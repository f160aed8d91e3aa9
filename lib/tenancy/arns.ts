// ARNs of the table, its indexes and the roles, derived from configuration. The table lives in
// the tenant role's account and partition, so no separate account-id setting is needed.

export interface RoleArnParts {
  partition: string;
  accountId: string;
  roleName: string;
}

const ROLE_ARN = /^arn:(aws[a-z-]*):iam::(\d{12}):role\/(?:.*\/)?([\w+=,.@-]+)$/;

export function parseRoleArn(roleArn: string): RoleArnParts {
  const m = ROLE_ARN.exec(roleArn);
  if (!m) throw new Error(`Not an IAM role ARN: ${roleArn}`);
  return { partition: m[1], accountId: m[2], roleName: m[3] };
}

export function tableArn(input: { partition?: string; region: string; accountId: string; tableName: string }): string {
  return `arn:${input.partition ?? 'aws'}:dynamodb:${input.region}:${input.accountId}:table/${input.tableName}`;
}

/** The table ARN for a configured tenant role (same account and partition) and region. */
export function tableArnForRole(roleArn: string, region: string, tableName: string): string {
  const { partition, accountId } = parseRoleArn(roleArn);
  return tableArn({ partition, region, accountId, tableName });
}

/** All indexes of a table: `<table ARN>/index/*`. */
export const indexesArn = (table: string) => `${table}/index/*`;
export const indexArn = (table: string, indexName: string) => `${table}/index/${indexName}`;
