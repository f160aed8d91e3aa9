// The STS half of the emulator: AssumeRole and GetCallerIdentity in STS's own wire format
// (the Query protocol: a form-encoded POST answered with XML), so the SDK's STSClient talks to it
// exactly as it talks to AWS. AssumeRole checks the caller's identity policy and the role's trust
// policy, honours DurationSeconds, and remembers each session's policy and tags.
import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { SESSION_POLICY_MAX_CHARS } from '../../../lib/tenancy/session-policy';
import type { PolicyDocument } from '../../../lib/tenancy/policy-document';
import { evaluate, resourcePolicyAllows, validatePolicy } from './evaluator';
import { randomId, randomSecret, type AuthFailure, type IdentityStore, type Principal } from './identities';
import type { SignedRequest } from './sigv4';

export interface StsOptions {
  /** Smallest DurationSeconds accepted (900 on AWS; tests lower it to watch credentials expire). */
  minSessionSeconds: number;
  now?: () => number;
  onAssumeRole?: () => void;
}

export interface StsResponse {
  status: number;
  body: string;
}

// Our estimate of STS's packed size: deflated policy and tags against a 1,024-byte allowance.
// AWS does not publish its packing; the real figure is the PackedPolicySize it returns.
const PACKED_ALLOWANCE_BYTES = 1024;
export const estimatePackedPolicySize = (policy: string, tags: Record<string, string>) =>
  Math.ceil((100 * deflateRawSync(Buffer.from(policy + JSON.stringify(tags))).length) / PACKED_ALLOWANCE_BYTES);

const SESSION_NAME = /^[\w+=,.@-]{2,64}$/;
const NS = 'https://sts.amazonaws.com/doc/2011-06-15/';
const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const stsError = (status: number, code: string, message: string, type = 'Sender'): StsResponse => ({
  status,
  body: `<ErrorResponse xmlns="${NS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${xml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
});

const ok = (action: string, result: string): StsResponse => ({
  status: 200,
  body: `<${action}Response xmlns="${NS}"><${action}Result>${result}</${action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${action}Response>`,
});

const AUTH_ERRORS: Record<AuthFailure, string> = {
  missing: 'MissingAuthenticationToken',
  incomplete: 'IncompleteSignature',
  unknownKey: 'InvalidClientTokenId',
  expiredToken: 'ExpiredToken',
  badSignature: 'SignatureDoesNotMatch',
  signatureExpired: 'SignatureDoesNotMatch',
};

export function createSts(store: IdentityStore, options: StsOptions) {
  const now = options.now ?? Date.now;
  let assumeRoleCalls = 0;

  function assumeRole(params: URLSearchParams, caller: { principal: Principal; trustArn: string }): StsResponse {
    const roleArn = params.get('RoleArn') ?? '';
    const sessionName = params.get('RoleSessionName') ?? '';
    const duration = Number(params.get('DurationSeconds') ?? 3600);
    const policyText = params.get('Policy') ?? undefined;
    if (!SESSION_NAME.test(sessionName)) {
      return stsError(400, 'ValidationError', `1 validation error detected: Value '${sessionName}' at 'roleSessionName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]*`);
    }
    if (!Number.isInteger(duration) || duration < options.minSessionSeconds) {
      return stsError(400, 'ValidationError', `1 validation error detected: Value '${params.get('DurationSeconds')}' at 'durationSeconds' failed to satisfy constraint: Member must have value greater than or equal to ${options.minSessionSeconds}`);
    }
    if (policyText !== undefined && policyText.length > SESSION_POLICY_MAX_CHARS) {
      return stsError(400, 'ValidationError', `1 validation error detected: Value at 'policy' failed to satisfy constraint: Member must have length less than or equal to ${SESSION_POLICY_MAX_CHARS}`);
    }
    const tags: Record<string, string> = {};
    for (let i = 1; params.has(`Tags.member.${i}.Key`); i++) tags[params.get(`Tags.member.${i}.Key`)!] = params.get(`Tags.member.${i}.Value`) ?? '';

    const role = store.role(roleArn);
    const denied = () => stsError(403, 'AccessDenied', `User: ${caller.principal.arn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`);
    const mayAct = (action: string) => {
      const request = { principalArn: caller.trustArn, action, resource: roleArn, context: {} };
      // Stricter than IAM in one respect: both the caller's identity policy and the trust policy
      // must allow (IAM lets a trust policy naming the exact principal suffice on its own).
      return (
        !!role &&
        evaluate({ ...request, principalArn: caller.principal.arn }, { identity: caller.principal.identityPolicies, session: caller.principal.sessionPolicy }).allowed &&
        resourcePolicyAllows(role.trustPolicy, request)
      );
    };
    if (!role || !mayAct('sts:AssumeRole')) return denied();
    if (Object.keys(tags).length > 0 && !mayAct('sts:TagSession')) {
      return stsError(403, 'AccessDenied', `User: ${caller.principal.arn} is not authorized to perform: sts:TagSession on resource: ${roleArn}`);
    }
    if (duration > role.maxSessionSeconds) {
      return stsError(400, 'ValidationError', 'The requested DurationSeconds exceeds the MaxSessionDuration set for this role.');
    }
    let sessionPolicy: PolicyDocument | undefined;
    if (policyText !== undefined) {
      try {
        sessionPolicy = validatePolicy(JSON.parse(policyText));
      } catch (e) {
        return stsError(400, 'MalformedPolicyDocument', `The policy is not valid: ${(e as Error).message}`);
      }
    }
    const packed = policyText !== undefined || Object.keys(tags).length > 0 ? estimatePackedPolicySize(policyText ?? '', tags) : undefined;
    if (packed !== undefined && packed > 100) {
      return stsError(400, 'PackedPolicyTooLarge', `Packed policy consumes ${packed}% of allotted space, please use smaller policy.`);
    }

    assumeRoleCalls++;
    options.onAssumeRole?.();
    const issuedAt = now();
    const expiresAt = Math.floor(issuedAt / 1000) * 1000 + duration * 1000;
    const arn = `arn:aws:sts::${store.accountId}:assumed-role/${role.name}/${sessionName}`;
    const session = {
      accessKeyId: randomId('ASIA', 16),
      secretAccessKey: randomSecret(),
      sessionToken: Buffer.from(randomSecret() + randomSecret() + randomSecret()).toString('base64'),
      expiresAt,
      roleArn,
      sessionName,
      tags,
      policyText,
      packedPolicySize: packed,
      principal: { arn, userId: `${role.roleId}:${sessionName}`, accountId: store.accountId, identityPolicies: role.policies, sessionPolicy },
    };
    store.purge(issuedAt);
    store.addSession(session);
    const expiration = new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return ok(
      'AssumeRole',
      `<AssumedRoleUser><Arn>${xml(arn)}</Arn><AssumedRoleId>${xml(session.principal.userId)}</AssumedRoleId></AssumedRoleUser>` +
        `<Credentials><AccessKeyId>${session.accessKeyId}</AccessKeyId><SecretAccessKey>${xml(session.secretAccessKey)}</SecretAccessKey>` +
        `<SessionToken>${xml(session.sessionToken)}</SessionToken><Expiration>${expiration}</Expiration></Credentials>` +
        (packed !== undefined ? `<PackedPolicySize>${packed}</PackedPolicySize>` : ''),
    );
  }

  return {
    assumeRoleCalls: () => assumeRoleCalls,
    handle(request: SignedRequest): StsResponse {
      const params = new URLSearchParams(request.body.toString('utf8'));
      const auth = store.authenticate(request, 'sts', now());
      if (!auth.ok) return stsError(auth.failure === 'incomplete' ? 400 : 403, AUTH_ERRORS[auth.failure], auth.message);
      const caller = { principal: auth.principal, trustArn: auth.session?.roleArn ?? auth.principal.arn };
      switch (params.get('Action')) {
        case 'AssumeRole':
          return assumeRole(params, caller);
        case 'GetCallerIdentity':
          return ok(
            'GetCallerIdentity',
            `<Arn>${xml(auth.principal.arn)}</Arn><UserId>${xml(auth.principal.userId)}</UserId><Account>${store.accountId}</Account>`,
          );
        default:
          return stsError(400, 'InvalidAction', `Could not find operation ${params.get('Action')} for version 2011-06-15`);
      }
    },
  };
}
