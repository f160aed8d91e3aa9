// Carrying out one "remove" decision through the normal write path, conditioned on the access
// still being what was reviewed (its stored version when the review started). Each answers the
// item's outcome: removed; unchanged with why (changed since, already gone, the last owner); or
// failed with the typed error. The change's own audit entry names the review (db.accessReviewId).
import 'server-only';
import { revokeApiKey } from '../api-keys';
import { getItem, keys, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { changeRole, removeUserFromTenant } from '../members';
import { getDirectoryConfig, saveDirectoryConfig, type DirectoryRules } from '../scim';
import type { ReviewHeader, ReviewItem, ReviewOutcome } from './types';

export interface RemovalContext {
  db: TenantDb;
  platform: PlatformDb;
  header: ReviewHeader;
  /** The directory config's version after this run's own rule removals (each bumps it). */
  rulesVersion?: { from: number; to: number };
}

const CHANGED = 'Changed since the review started: not removed, review it again.';
const GONE = 'Already gone.';
const LAST_OWNER = 'The last owner of the organization is never removed.';

type Outcome = Omit<ReviewOutcome, 'at'>;

export async function applyRemoval(ctx: RemovalContext, item: ReviewItem, actor: AuditActor): Promise<Outcome> {
  const db = { ...ctx.db, accessReviewId: ctx.header.reviewId };
  try {
    switch (item.kind) {
      case 'role':
        return await removeRole(db, ctx.header, item, actor);
      case 'guest':
        return await removeGuest(db, item, actor);
      case 'apiKey':
        return await revokeKey(db, ctx.platform, item, actor);
      case 'directoryRule':
        return await deleteRule(db, ctx, item, actor);
    }
  } catch (e) {
    if (!isArborError(e)) throw e;
    if (e.code === 'membership.lastOwner') return { state: 'unchanged', detail: LAST_OWNER };
    if (e.code.endsWith('versionConflict') || e.code === 'authz.stale' || e.code === 'directory.rulesChanged') return { state: 'unchanged', detail: CHANGED };
    if (e.code.endsWith('notFound')) return { state: 'unchanged', detail: GONE };
    return { state: 'failed', detail: `${e.code}: ${e.message}` };
  }
}

/** The elevated part goes: a covered built-in role becomes member, covered custom roles are taken away. */
async function removeRole(db: TenantDb, header: ReviewHeader, item: ReviewItem, actor: AuditActor): Promise<Outcome> {
  const unitId = item.unit!.id;
  const stored = await getItem(db, keys.unitMember(db.tenantId, unitId, item.subject.id));
  if (!stored) return { state: 'unchanged', detail: GONE };
  if (stored.version !== item.basis.version) return { state: 'unchanged', detail: CHANGED };
  const covered = new Set(item.access.roles ?? []);
  const role = (header.coverage.roles as string[]).includes(String(stored.role)) ? 'member' : String(stored.role);
  const roles = ((stored.roles as string[] | undefined) ?? []).filter((r) => !covered.has(r));
  await changeRole(db, actor, { unitId, userId: item.subject.id, role, roles, expectedVersion: Number(stored.version) });
  return { state: 'removed', detail: `Now ${[role, ...roles].join(' + ')} on ${item.unit!.name}.` };
}

/** A guest leaves the organization: every membership of theirs, as long as their profile is as it was reviewed. */
async function removeGuest(db: TenantDb, item: ReviewItem, actor: AuditActor): Promise<Outcome> {
  const profile = await getItem(db, keys.tenantUser(db.tenantId, item.subject.id));
  if (!profile) return { state: 'unchanged', detail: GONE };
  if (profile.version !== item.basis.version) return { state: 'unchanged', detail: CHANGED };
  const removed = await removeUserFromTenant(db, actor, item.subject.id);
  return {
    state: 'removed',
    detail: `Removed from ${removed.length} unit${removed.length === 1 ? '' : 's'}.`,
    removedMemberships: removed.map((m) => ({ unitId: m.unitId, role: m.role, ...(m.roles?.length ? { roles: m.roles } : {}) })),
  };
}

async function revokeKey(db: TenantDb, platform: PlatformDb, item: ReviewItem, actor: AuditActor): Promise<Outcome> {
  const key = await getItem(db, keys.apiKey(db.tenantId, item.subject.id));
  if (!key) return { state: 'unchanged', detail: GONE };
  if (key.version !== item.basis.version) return { state: 'unchanged', detail: CHANGED };
  await revokeApiKey({ tenant: db, platform }, { keyId: item.subject.id, actor });
  return { state: 'removed', detail: 'Revoked.' };
}

/** The rule is deleted from the directory's rules, unless they changed since (other than by this review). */
async function deleteRule(db: TenantDb, ctx: RemovalContext, item: ReviewItem, actor: AuditActor): Promise<Outcome> {
  const config = await getDirectoryConfig(db);
  const basis = item.basis.version ?? 0;
  const unchanged = config.version === basis || (ctx.rulesVersion?.from === basis && ctx.rulesVersion.to === config.version);
  if (!unchanged) return { state: 'unchanged', detail: CHANGED };
  const rules: DirectoryRules =
    item.subject.id === 'groupNames'
      ? { groups: config.rules.groups, ...(config.rules.departments ? { departments: config.rules.departments } : {}) }
      : { ...config.rules, groups: config.rules.groups.filter((g) => g.groupId !== item.subject.id) };
  const still = item.subject.id === 'groupNames' ? Boolean(config.rules.groupNames) : rules.groups.length < config.rules.groups.length;
  if (!still) return { state: 'unchanged', detail: GONE };
  const saved = await saveDirectoryConfig(db, actor, { provider: config.provider, rules, expectedVersion: config.version });
  ctx.rulesVersion = { from: basis, to: saved.version };
  return { state: 'removed', detail: 'Rule deleted; people it placed keep their memberships until the directory syncs.' };
}
