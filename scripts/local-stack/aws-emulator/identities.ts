// The emulator's IAM world: users with static keys (the runtime and the operator), roles with
// trust and identity policies (the tenant access role), and the sessions STS has issued. Also
// authenticates a signed request to one of them.
import { randomBytes } from 'node:crypto';
import type { PolicyDocument } from '../../../lib/tenancy/policy-document';
import { validatePolicy } from './evaluator';
import { checkSignature, parseAuthorization, type SignedRequest } from './sigv4';

export interface Principal {
  arn: string;
  /** `AIDA…` for users, `AROA…:<session>` for role sessions, as GetCallerIdentity shows it. */
  userId: string;
  accountId: string;
  identityPolicies: PolicyDocument[];
  sessionPolicy?: PolicyDocument;
}

export interface IamUser {
  name: string;
  accessKeyId: string;
  secretAccessKey: string;
  policies: PolicyDocument[];
}

export interface IamRole {
  name: string;
  arn: string;
  roleId: string;
  trustPolicy: PolicyDocument;
  policies: PolicyDocument[];
  maxSessionSeconds: number;
}

export interface Session {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiresAt: number;
  principal: Principal;
  roleArn: string;
  sessionName: string;
  tags: Record<string, string>;
  policyText?: string;
  packedPolicySize?: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const randomId = (prefix: string, length: number) =>
  prefix + Array.from(randomBytes(length), (b) => BASE32[b % 32]).join('');
export const randomSecret = () => randomBytes(30).toString('base64');

export function createIdentityStore(input: { accountId: string; users: IamUser[]; roles: Omit<IamRole, 'roleId'>[] }) {
  // Refuse, up front, any policy construct the evaluator does not implement.
  [...input.users.flatMap((u) => u.policies), ...input.roles.flatMap((r) => [r.trustPolicy, ...r.policies])].forEach(validatePolicy);
  const users = new Map(input.users.map((u) => [u.accessKeyId, { user: u, userId: randomId('AIDA', 17) }]));
  const roles = new Map(input.roles.map((r) => [r.arn, { ...r, roleId: randomId('AROA', 17) }]));
  const sessions = new Map<string, Session>();

  const userPrincipal = (u: IamUser, userId: string): Principal => ({
    arn: `arn:aws:iam::${input.accountId}:user/${u.name}`,
    userId,
    accountId: input.accountId,
    identityPolicies: u.policies,
  });

  return {
    accountId: input.accountId,
    role: (arn: string) => roles.get(arn),
    addSession(session: Session) {
      sessions.set(session.accessKeyId, session);
    },
    sessionCount: () => sessions.size,
    /** Forgets sessions that expired more than an hour ago (until then they answer "expired"). */
    purge(now: number) {
      for (const [key, s] of sessions) if (s.expiresAt + 3_600_000 < now) sessions.delete(key);
    },
    /** Authenticates a SigV4-signed request for a service; on success, who made it and in which region. */
    authenticate(request: SignedRequest, service: string, now = Date.now()): AuthResult {
      const auth = parseAuthorization(request.headers.authorization);
      if (!request.headers.authorization) return fail('missing', 'Request is missing Authentication Token');
      if (!auth) return fail('incomplete', 'Authorization header requires Credential, SignedHeaders and Signature.');
      if (auth.service !== service) return fail('badSignature', `Credential should be scoped to correct service: '${service}'.`);
      const token = request.headers['x-amz-security-token'];
      const user = users.get(auth.accessKeyId);
      const session = sessions.get(auth.accessKeyId);
      let secret: string;
      let principal: Principal;
      if (user) {
        if (token !== undefined) return fail('unknownKey', INVALID_TOKEN);
        secret = user.user.secretAccessKey;
        principal = userPrincipal(user.user, user.userId);
      } else if (session) {
        if (token !== session.sessionToken) return fail('unknownKey', INVALID_TOKEN);
        secret = session.secretAccessKey;
        principal = session.principal;
      } else {
        return fail('unknownKey', INVALID_TOKEN);
      }
      const signature = checkSignature(request, auth, secret, now);
      if (!signature.ok) return fail(signature.problem === 'mismatch' ? 'badSignature' : signature.problem === 'expired' ? 'signatureExpired' : 'incomplete', signature.message);
      // AWS checks the session's expiry once the signature is known to be genuine.
      if (session && session.expiresAt <= now) return fail('expiredToken', 'The security token included in the request is expired');
      return { ok: true, principal, region: auth.region, session };
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;

export type AuthFailure = 'missing' | 'incomplete' | 'unknownKey' | 'expiredToken' | 'badSignature' | 'signatureExpired';
export type AuthResult =
  | { ok: true; principal: Principal; region: string; session?: Session }
  | { ok: false; failure: AuthFailure; message: string };

const INVALID_TOKEN = 'The security token included in the request is invalid.';
const fail = (failure: AuthFailure, message: string): AuthResult => ({ ok: false, failure, message });
