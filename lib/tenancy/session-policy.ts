// The inline session policy that narrows the tenant access role to one tenant. Effective
// permissions are the role policy ∩ this policy, so it can only take away.
import { tenantLeadingKeyPatterns } from '../db/keys';
import { badId } from '../validation/errors';
import { indexesArn } from './arns';
import { policyText, type PolicyDocument } from './policy-document';
import { ITEM_ACTIONS, leadingKeysCondition } from './role-policies';

/** STS refuses inline session policies longer than this many characters. */
export const SESSION_POLICY_MAX_CHARS = 2048;

// Tenant ids are generated ULIDs; tests add `-x`-style suffixes to build prefix-sharing ids.
// Anything else is refused: a `*` or `?` here would turn the StringLike pattern into a wildcard
// over other tenants, and a `#` would let one id spell another tenant's partition.
const TENANT_ID = /^[0-9A-Za-z][0-9A-Za-z_-]{0,39}$/;

export const isValidTenantId = (id: unknown): id is string => typeof id === 'string' && TENANT_ID.test(id);

export function assertTenantId(id: unknown): string {
  if (!isValidTenantId(id)) throw badId('tenant');
  return id;
}

export function tenantSessionPolicy(input: { tableArn: string; tenantId: string }): PolicyDocument {
  const tenantId = assertTenantId(input.tenantId);
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ITEM_ACTIONS,
        Resource: [input.tableArn, indexesArn(input.tableArn)],
        Condition: leadingKeysCondition(tenantLeadingKeyPatterns(tenantId)),
      },
    ],
  };
}

/** The exact `Policy` parameter sent to STS, checked against the character limit. */
export function tenantSessionPolicyText(input: { tableArn: string; tenantId: string }): string {
  const text = policyText(tenantSessionPolicy(input));
  if (text.length > SESSION_POLICY_MAX_CHARS) {
    throw new Error(`The tenant session policy is ${text.length} characters; STS accepts at most ${SESSION_POLICY_MAX_CHARS}`);
  }
  return text;
}
