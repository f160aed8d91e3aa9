// Every key string in the table is built here; nothing else concatenates key material.
//
// Tenant-owned items live in partitions that are the tenant prefix `T#<tenantId>` or start with
// it plus `#`, and so do the partition keys of every index a tenant query uses. One IAM
// `dynamodb:LeadingKeys` pattern pair ["T#<id>", "T#<id>#*"] therefore covers a tenant exactly.
// Platform items (P1–P4) use other first letters (`TENANT#`, `DOMAIN#`, `USER#`, `EMAIL#`), so
// a tenant pattern `T#…` can never match them. Ids are generated ULIDs: user text is never part
// of a partition key or table sort key. Names and emails appear only as index sort-key values
// used for ordering and prefix search, never parsed back.

export const TENANT_KEY_PREFIX = 'T#';
const D = '#';

export interface Key {
  PK: string;
  SK: string;
}

/** The tenant's key prefix; every tenant-owned partition key equals it or starts with it + '#'. */
export const tenantPrefix = (tenantId: string) => `${TENANT_KEY_PREFIX}${tenantId}`;
const tp = (tenantId: string, ...parts: string[]) => [tenantPrefix(tenantId), ...parts].join(D);

export const keys = {
  // ---- tenant partitions (tenant-scoped credentials) ----
  /** T1: tenant settings and counters. */
  tenantSettings: (t: string): Key => ({ PK: tenantPrefix(t), SK: 'TENANT' }),
  /** T2: a unit. Its direct members share the partition (one Query = unit + members). */
  unit: (t: string, unitId: string): Key => ({ PK: tp(t, 'U', unitId), SK: 'UNIT' }),
  /** T6: a member of a unit, unit → user direction. */
  unitMember: (t: string, unitId: string, userId: string): Key => ({ PK: tp(t, 'U', unitId), SK: `M#${userId}` }),
  unitPartition: (t: string, unitId: string) => tp(t, 'U', unitId),
  unitMemberPrefix: 'M#',
  /** T8/T9: a user's membership in a unit, user → unit direction. */
  userMembership: (t: string, userId: string, unitId: string): Key => ({ PK: tp(t, 'USER', userId), SK: `U#${unitId}` }),
  /** A user's profile inside the tenant (email, name); present while they hold any membership. */
  tenantUser: (t: string, userId: string): Key => ({ PK: tp(t, 'USER', userId), SK: 'PROFILE' }),
  userPartition: (t: string, userId: string) => tp(t, 'USER', userId),
  userMembershipPrefix: 'U#',
  /** T14: audit entries, newest first by ULID sort key. */
  audit: (t: string, auditId: string): Key => ({ PK: tp(t, 'AUDIT'), SK: auditId }),
  auditPartition: (t: string) => tp(t, 'AUDIT'),
  /** T13: an invitation. */
  invitation: (t: string, invitationId: string): Key => ({ PK: tp(t, 'INVITE', invitationId), SK: 'INVITE' }),
  /** Journal of a move larger than one transaction. */
  moveJob: (t: string, jobId: string): Key => ({ PK: tp(t, 'JOB', jobId), SK: 'JOB' }),
  /** A chunk of a move job's plan (`<L|M|P>#<seq>`), beside its journal. */
  moveJobChunk: (t: string, jobId: string, chunk: string): Key => ({ PK: tp(t, 'JOB', jobId), SK: `CHUNK#${chunk}` }),
  moveJobChunkPrefix: 'CHUNK#',
  /**
   * Uniqueness guard of a unit name among its siblings. The sort key is a hash of the
   * lower-cased name (never the name itself, never parsed back).
   */
  siblingName: (t: string, parentId: string, nameHash: string): Key => ({ PK: tp(t, 'SIBLINGS', parentId), SK: `N#${nameHash}` }),

  // ---- index partition keys for tenant queries ----
  gsi1: {
    /** T4: units by materialized path. */
    tree: (t: string) => tp(t, 'TREE'),
    /** T7: memberships by unit path. */
    memberTree: (t: string) => tp(t, 'MTREE'),
    /** T14: audit entries of one unit. */
    unitAudit: (t: string, unitId: string) => tp(t, 'AUDIT', unitId),
    /** T13: pending invitations, oldest first. */
    invitations: (t: string) => tp(t, 'INVITES'),
    /** Unfinished move jobs of a tenant (sparse). */
    moveJobs: (t: string) => tp(t, 'JOBS'),
  },
  gsi2: {
    /** T3: a unit's children by name. */
    children: (t: string, parentId: string) => tp(t, 'CHILDREN', parentId),
    /** Tenant members and pending invitations by email (member list, T10 by email). */
    emails: (t: string) => tp(t, 'EMAILS'),
  },
  gsi3: {
    /** T10: units and members by lower-cased name. */
    names: (t: string) => tp(t, 'NAMES'),
  },

  // ---- platform partitions (platform credentials, P1–P4 only) ----
  /** P4: the tenant's directory entry (name, status). */
  tenantDirectory: (t: string): Key => ({ PK: `TENANT#${t}`, SK: 'TENANT' }),
  /** P1: the tenant's SSO connection (canonical copy). */
  ssoConnection: (t: string): Key => ({ PK: `TENANT#${t}`, SK: 'SSO' }),
  /** P1: an email domain claimed by one tenant, with its connection denormalized. */
  domainClaim: (domain: string): Key => ({ PK: `DOMAIN#${domain}`, SK: 'DOMAIN' }),
  /** P3: a user by id. */
  user: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'USER' }),
  /** P3: a user by email (also the uniqueness guard of emails). */
  userEmail: (email: string): Key => ({ PK: `EMAIL#${email}`, SK: 'EMAIL' }),
  gsi4: {
    /** P2: the tenants a user belongs to (projected from their tenant profiles). */
    userTenants: (userId: string) => `USER#${userId}`,
  },
} as const;

/** The IAM LeadingKeys patterns that cover exactly one tenant. */
export const tenantLeadingKeyPatterns = (tenantId: string) => [tenantPrefix(tenantId), `${tenantPrefix(tenantId)}#*`];
