// A focused IAM policy evaluator: identity policies ∩ optional session policy, explicit deny
// wins, default deny; Action/NotAction, Resource/NotResource and Principal with `*`/`?`
// wildcards; condition operators String*, Arn*, Bool and Null with the ForAllValues/ForAnyValue
// set qualifiers and IfExists (a multivalued key without a set qualifier never matches, and an
// empty key set counts as absent: both fail closed). Cross-checked against @cloud-copilot/iam-simulate in
// test/isolation/evaluator.test.ts. Policies using anything else are refused when they are
// loaded (validatePolicy), so evaluation itself never meets an unknown construct.
import type { ConditionValue, PolicyDocument, PolicyStatement } from '../../../lib/tenancy/policy-document';

/** Request context values; a missing key is `undefined`. */
export type ContextValue = string | string[] | undefined;

export interface AuthorizationRequest {
  principalArn: string;
  action: string;
  resource: string;
  context: Record<string, ContextValue>;
}

export type Decision =
  | { allowed: true }
  | { allowed: false; reason: 'explicitDeny'; policyType: 'identity-based' | 'session' }
  | { allowed: false; reason: 'noAllow'; policyType: 'identity-based' | 'session' };

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const patterns = new Map<string, RegExp>();
/** IAM wildcard match: `*` any run of characters, `?` exactly one. */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const cacheKey = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let re = patterns.get(cacheKey);
  if (!re) {
    const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    re = new RegExp(`^${body}$`, ignoreCase ? 'is' : 's');
    if (patterns.size > 10_000) patterns.clear();
    patterns.set(cacheKey, re);
  }
  return re.test(value);
}

type Matcher = (requestValue: string, policyValue: string) => boolean;
const BASE_OPERATORS: Record<string, { match: Matcher; negated: boolean }> = {
  StringEquals: { match: (a, b) => a === b, negated: false },
  StringNotEquals: { match: (a, b) => a === b, negated: true },
  StringEqualsIgnoreCase: { match: (a, b) => a.toLowerCase() === b.toLowerCase(), negated: false },
  StringNotEqualsIgnoreCase: { match: (a, b) => a.toLowerCase() === b.toLowerCase(), negated: true },
  StringLike: { match: (a, b) => wildcardMatch(b, a), negated: false },
  StringNotLike: { match: (a, b) => wildcardMatch(b, a), negated: true },
  ArnEquals: { match: (a, b) => wildcardMatch(b, a), negated: false },
  ArnLike: { match: (a, b) => wildcardMatch(b, a), negated: false },
  ArnNotEquals: { match: (a, b) => wildcardMatch(b, a), negated: true },
  ArnNotLike: { match: (a, b) => wildcardMatch(b, a), negated: true },
  Bool: { match: (a, b) => a.toLowerCase() === b.toLowerCase(), negated: false },
};

interface ParsedOperator {
  qualifier?: 'ForAllValues' | 'ForAnyValue';
  base: string;
  ifExists: boolean;
}

function parseOperator(operator: string): ParsedOperator {
  const [qualifier, rest] = operator.includes(':') ? operator.split(':', 2) : [undefined, operator];
  if (qualifier !== undefined && qualifier !== 'ForAllValues' && qualifier !== 'ForAnyValue') {
    throw new Error(`Unsupported condition qualifier ${qualifier}`);
  }
  const ifExists = rest.endsWith('IfExists');
  const base = ifExists ? rest.slice(0, -'IfExists'.length) : rest;
  if (base !== 'Null' && !BASE_OPERATORS[base]) throw new Error(`Unsupported condition operator ${operator}`);
  if (base === 'Null' && (qualifier || ifExists)) throw new Error(`Unsupported condition operator ${operator}`);
  return { qualifier: qualifier as ParsedOperator['qualifier'], base, ifExists };
}

/** Empty multivalued keys count as absent, so a `Null: false` guard fails closed. */
const isPresent = (v: ContextValue) => v !== undefined && (!Array.isArray(v) || v.length > 0);

function lookup(context: Record<string, ContextValue>, key: string): ContextValue {
  if (key in context) return context[key];
  const lower = key.toLowerCase();
  const found = Object.keys(context).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : context[found];
}

function conditionHolds(operator: string, key: string, policyValue: ConditionValue, context: Record<string, ContextValue>): boolean {
  const op = parseOperator(operator);
  const wanted = asList(policyValue).map(String);
  const actual = lookup(context, key);
  if (op.base === 'Null') return wanted.some((w) => (w.toLowerCase() === 'true') === !isPresent(actual));

  const { match, negated } = BASE_OPERATORS[op.base];
  // For one request value: positive operators need some policy value to match, negated ones none.
  const valueHolds = (v: string) => (negated ? !wanted.some((w) => match(v, w)) : wanted.some((w) => match(v, w)));
  const values = asList(actual);
  if (op.qualifier === 'ForAllValues') return values.every(valueHolds);
  if (op.qualifier === 'ForAnyValue') return values.length === 0 ? op.ifExists : values.some(valueHolds);
  if (!isPresent(actual)) return op.ifExists || negated;
  // IAM requires a set qualifier for multivalued keys; without one, fail closed (as iam-simulate).
  if (Array.isArray(actual)) return false;
  return valueHolds(actual as string);
}

function conditionsHold(statement: PolicyStatement, context: Record<string, ContextValue>): boolean {
  for (const [operator, entries] of Object.entries(statement.Condition ?? {})) {
    for (const [key, value] of Object.entries(entries)) {
      if (!conditionHolds(operator, key, value, context)) return false;
    }
  }
  return true;
}

const anyMatches = (list: string | string[] | undefined, value: string, ignoreCase: boolean) =>
  asList(list).some((p) => wildcardMatch(p, value, ignoreCase));

function actionMatches(s: PolicyStatement, action: string): boolean {
  return s.Action !== undefined ? anyMatches(s.Action, action, true) : !anyMatches(s.NotAction, action, true);
}

function resourceMatches(s: PolicyStatement, resource: string): boolean {
  if (s.Resource === undefined && s.NotResource === undefined) return true; // trust policies
  return s.Resource !== undefined ? anyMatches(s.Resource, resource, false) : !anyMatches(s.NotResource, resource, false);
}

/** Principal match for resource policies (role trust): exact ARN, the account root, or `*`. */
function principalMatches(s: PolicyStatement, principalArn: string): boolean {
  if (s.Principal === undefined) return true;
  if (s.Principal === '*') return true;
  const account = principalArn.split(':')[4];
  return asList(s.Principal.AWS).some((p) => p === '*' || p === principalArn || p === account || p === `arn:aws:iam::${account}:root`);
}

export function statementApplies(s: PolicyStatement, request: AuthorizationRequest): boolean {
  return (
    principalMatches(s, request.principalArn) &&
    actionMatches(s, request.action) &&
    resourceMatches(s, request.resource) &&
    conditionsHold(s, request.context)
  );
}

function effects(policies: PolicyDocument[], request: AuthorizationRequest) {
  let allow = false;
  let deny = false;
  for (const p of policies) {
    for (const s of p.Statement) {
      if (!statementApplies(s, request)) continue;
      if (s.Effect === 'Deny') deny = true;
      else allow = true;
    }
  }
  return { allow, deny };
}

/**
 * IAM's evaluation for a principal in its own account (DynamoDB has no resource policies here):
 * an explicit deny anywhere denies; otherwise the identity policies must allow, and when the
 * session has a session policy, it must allow too.
 */
export function evaluate(
  request: AuthorizationRequest,
  policies: { identity: PolicyDocument[]; session?: PolicyDocument },
): Decision {
  const identity = effects(policies.identity, request);
  const session = policies.session ? effects([policies.session], request) : undefined;
  if (identity.deny) return { allowed: false, reason: 'explicitDeny', policyType: 'identity-based' };
  if (session?.deny) return { allowed: false, reason: 'explicitDeny', policyType: 'session' };
  if (!identity.allow) return { allowed: false, reason: 'noAllow', policyType: 'identity-based' };
  if (session && !session.allow) return { allowed: false, reason: 'noAllow', policyType: 'session' };
  return { allowed: true };
}

/** Whether a resource policy (a role's trust policy) allows the principal, and denies nothing. */
export function resourcePolicyAllows(policy: PolicyDocument, request: AuthorizationRequest): boolean {
  const { allow, deny } = effects([policy], request);
  return allow && !deny;
}

/** Refuses documents this evaluator would not read exactly as IAM does. */
export function validatePolicy(doc: unknown): PolicyDocument {
  const d = doc as PolicyDocument;
  if (!d || typeof d !== 'object' || d.Version !== '2012-10-17' || !Array.isArray(d.Statement) || d.Statement.length === 0) {
    throw new Error('The policy must have Version 2012-10-17 and a Statement list');
  }
  for (const s of d.Statement) {
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') throw new Error('Each statement needs Effect Allow or Deny');
    if ((s.Action === undefined) === (s.NotAction === undefined)) throw new Error('Each statement needs exactly one of Action, NotAction');
    const texts = [s.Action, s.NotAction, s.Resource, s.NotResource].flatMap((x) => asList(x));
    for (const [operator, entries] of Object.entries(s.Condition ?? {})) {
      parseOperator(operator);
      for (const v of Object.values(entries)) texts.push(...asList(v).map(String));
    }
    if (texts.some((t) => typeof t !== 'string' || t.includes('${'))) throw new Error('Policy variables are not supported by the emulator');
  }
  return d;
}
