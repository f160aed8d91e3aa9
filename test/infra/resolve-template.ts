// Resolves the template's intrinsic functions for one imagined deployment, the way CloudFormation
// would, so tests can evaluate the exact policies the stack creates. Throws on any intrinsic it
// does not know and on any name that does not exist, which is itself part of the check.
import type { CfnTemplate } from '../../infra/intrinsics';

export interface Deployment {
  accountId: string;
  region: string;
  partition?: string;
  stackName?: string;
  parameters?: Record<string, string>;
}

export interface ResolvedTemplate {
  /** Resource logical id → resolved properties (only resources whose condition holds). */
  resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
  outputs: Record<string, { Description: string; Value: unknown }>;
  refs: Record<string, string>;
}

const PHYSICAL_NAME_PROPERTY: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::IAM::InstanceProfile': 'InstanceProfileName',
};

export function resolveTemplate(template: CfnTemplate, deployment: Deployment): ResolvedTemplate {
  const partition = deployment.partition ?? 'aws';
  const values: Record<string, string> = {
    'AWS::AccountId': deployment.accountId,
    'AWS::Region': deployment.region,
    'AWS::Partition': partition,
    'AWS::StackName': deployment.stackName ?? 'arbor',
    'AWS::URLSuffix': 'amazonaws.com',
  };
  for (const [name, spec] of Object.entries(template.Parameters)) {
    const value = deployment.parameters?.[name] ?? (spec.Default as string | undefined);
    if (value === undefined) throw new Error(`parameter ${name} has no value`);
    if (spec.AllowedPattern && !new RegExp(spec.AllowedPattern as string).test(value)) {
      throw new Error(`parameter ${name}=${value} does not match ${spec.AllowedPattern}`);
    }
    if (spec.AllowedValues && !(spec.AllowedValues as string[]).includes(value)) throw new Error(`parameter ${name}=${value} not allowed`);
    values[name] = value;
  }
  const conditions: Record<string, boolean> = {};
  const attributes: Record<string, string> = {};

  const resolve = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(resolve);
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v);
    if (entries.length === 1) {
      const [fn, arg] = entries[0] as [string, any];
      if (fn === 'Ref') return lookup(arg);
      if (fn === 'Fn::GetAtt') return lookup(`${arg[0]}.${arg[1]}`);
      if (fn === 'Fn::Sub') return (arg as string).replace(/\$\{(!?)([^}]+)\}/g, (_, bang, name) => (bang ? `\${${name}}` : lookup(name)));
      if (fn === 'Fn::If') {
        if (!(arg[0] in conditions)) throw new Error(`unknown condition ${arg[0]}`);
        return resolve(conditions[arg[0]] ? arg[1] : arg[2]);
      }
      if (fn === 'Fn::Equals') return resolve(arg[0]) === resolve(arg[1]);
      if (fn === 'Fn::Not') return !resolve((arg as unknown[])[0]);
      if (fn.startsWith('Fn::')) throw new Error(`intrinsic ${fn} is not supported by this resolver`);
    }
    return Object.fromEntries(entries.map(([k, x]) => [k, resolve(x)]));
  };
  const lookup = (name: string): string => {
    const value = values[name] ?? attributes[name];
    if (value === undefined) throw new Error(`unresolved reference ${name}`);
    return value;
  };

  for (const [name, expr] of Object.entries(template.Conditions)) conditions[name] = resolve(expr) as boolean;

  // Physical names and ARNs first (resources reference each other), then properties.
  const active = Object.entries(template.Resources).filter(([, r]) => !r.Condition || conditions[r.Condition]);
  for (const [id, r] of active) {
    const nameProp = PHYSICAL_NAME_PROPERTY[r.Type];
    const physical = nameProp ? (resolve(r.Properties[nameProp]) as string) : `${values['AWS::StackName']}-${id}`;
    values[id] = physical;
    if (r.Type === 'AWS::DynamoDB::Table') {
      attributes[`${id}.Arn`] = `arn:${partition}:dynamodb:${deployment.region}:${deployment.accountId}:table/${physical}`;
    }
    if (r.Type === 'AWS::IAM::Role') attributes[`${id}.Arn`] = `arn:${partition}:iam::${deployment.accountId}:role/${physical}`;
    if (r.Type === 'AWS::Events::Connection') attributes[`${id}.Arn`] = `arn:${partition}:events:${deployment.region}:${deployment.accountId}:connection/${physical}/id`;
    if (r.Type === 'AWS::Events::ApiDestination') attributes[`${id}.Arn`] = `arn:${partition}:events:${deployment.region}:${deployment.accountId}:api-destination/${physical}/id`;
    if (r.Type === 'AWS::IAM::ManagedPolicy') {
      const policyName = resolve(r.Properties.ManagedPolicyName) as string;
      values[id] = `arn:${partition}:iam::${deployment.accountId}:policy/${policyName}`;
    }
  }
  const resources = Object.fromEntries(
    active.map(([id, r]) => [id, { Type: r.Type, Properties: resolve(r.Properties) as Record<string, unknown> }]),
  );
  const outputs = Object.fromEntries(
    Object.entries(template.Outputs).map(([k, o]) => [k, { Description: o.Description, Value: resolve(o.Value) }]),
  );
  return { resources, outputs, refs: { ...values } };
}
