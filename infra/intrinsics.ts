// The few CloudFormation shapes the template uses, and the step that turns the policy documents
// of lib/tenancy (written with `${Resource.Attr}` placeholders) into `Fn::Sub` expressions.

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface CfnResource {
  Type: string;
  Condition?: string;
  DependsOn?: string | string[];
  DeletionPolicy?: 'Retain' | 'Delete' | 'Snapshot';
  UpdateReplacePolicy?: 'Retain' | 'Delete' | 'Snapshot';
  Properties: Record<string, Json>;
}

export interface CfnTemplate {
  AWSTemplateFormatVersion: '2010-09-09';
  Description: string;
  Parameters: Record<string, Record<string, Json>>;
  Conditions: Record<string, Json>;
  Resources: Record<string, CfnResource>;
  Outputs: Record<string, { Description: string; Value: Json }>;
}

export const ref = (name: string) => ({ Ref: name });
export const getAtt = (resource: string, attribute: string) => ({ 'Fn::GetAtt': [resource, attribute] });

/** `${Name}` or `${Name.Attr}` inside an `Fn::Sub` string; `${!…}` is a literal. */
export const SUB_VARIABLE = /\$\{(?!!)([^}]+)\}/g;

/**
 * Replaces every string that mentions a template name (`${Table.Arn}`, `${AWS::Region}`) with
 * `Fn::Sub`, escaping any other `${…}` (an IAM policy variable such as `${aws:username}`) so
 * CloudFormation passes it through to IAM unchanged.
 */
export function substitute(value: unknown, isTemplateName: (name: string) => boolean): Json {
  if (typeof value === 'string') {
    let mentionsTemplate = false;
    const escaped = value.replace(SUB_VARIABLE, (whole, name: string) => {
      if (!isTemplateName(name)) return `\${!${name}}`;
      mentionsTemplate = true;
      return whole;
    });
    if (!mentionsTemplate) return value;
    // A string that is exactly one name reads better as the plain Ref / GetAtt.
    const whole = /^\$\{([^}!.]+)(?:\.([^}]+))?\}$/.exec(value);
    if (whole) return whole[2] ? getAtt(whole[1], whole[2]) : ref(whole[1]);
    return { 'Fn::Sub': escaped };
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, isTemplateName));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, isTemplateName)]));
  }
  return value as Json;
}
