// The IAM policy document shape shared by the role policies, the session policy, the local
// emulator's evaluator and (later) the infra/ template, so all of them read the same data.

export type ConditionValue = string | string[];
/** `{ "<operator>": { "<context key>": value | [values] } }` */
export type ConditionBlock = Record<string, Record<string, ConditionValue>>;

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Principal?: '*' | { AWS?: string | string[]; Service?: string | string[] };
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: ConditionBlock;
}

export interface PolicyDocument {
  Version: '2012-10-17';
  Statement: PolicyStatement[];
}

/** The exact text sent to STS or IAM: minified, because the session-policy limit counts characters. */
export const policyText = (doc: PolicyDocument) => JSON.stringify(doc);
