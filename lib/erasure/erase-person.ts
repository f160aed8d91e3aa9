// Erasure of a person in one tenant (a data-subject request). In order, each step safe to run
// again, so an erasure cut short is finished by asking for it again:
// 1. refuse, before any write, when the person is the tenant's last owner (`erasure.lastOwner`);
// 2. stop directory sync from placing them again (SCIM User marked `deleting`);
// 3. remove every membership through lib/members' removeUserFromTenant, the console's "remove from
//    organization": both directions, unit memberCount and administrators map, tenant ownerCount
//    (its last-owner condition too), the profile with its roleCounts and name words;
// 4. delete what is left in their partition (sessions, the SCIM User and its group links and
//    userName claim, anything else), directory errors quoting their address, and invitations to it;
// 5. pseudonymise the invitations they sent, every audit entry naming them (./pseudonym.ts), the
//    change sets' operations, inverses and reviews naming them (./change-set-records.ts), and the
//    API keys, webhook endpoints, setup links and domain records they created and the webhook
//    deliveries whose payload names them (./creator-records.ts);
// 6. append the erasure's own audit entry, which counts what went and does not name them;
// 7. with platform access, remove their platform identity if no other tenant holds them.
import 'server-only';
import { auditEntryPut } from '../audit';
import { confirmDecision, getItem, keys, queryAll, transaction, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { findProfileByEmail, removeUserFromTenant } from '../members';
import { validateEmail, validateId } from '../validation';
import type { User } from '../users';
import { changeSetRecords, pseudonymiseChangeSetRecords } from './change-set-records';
import { creatorRecords, domainRecords, pseudonymiseCreatorRecords, pseudonymiseDomainRecords } from './creator-records';
import { deleteInTransactions } from './delete-in-transactions';
import { deleteDirectoryRecords, directoryRecords, stopDirectorySync } from './directory-records';
import { erasureBusy, erasureLastOwner, noPerson, personNotFound } from './errors';
import type { ErasureReport, TenantErasure } from './erasure-report';
import { findAuditEntries } from './find-audit-entries';
import { auditEntryChanges, rewriteAuditEntries } from './rewrite-audit-entries';
import { deleteInvitationsTo, invitationRecords, pseudonymiseInvitationsSent } from './invitation-records';
import { erasePlatformIdentity, findPlatformUser } from './platform-identity';
import { ERASED_NAME, type ErasedPerson } from './pseudonym';

export interface ErasePersonInput {
  /** Exactly one of userId and email names the person. */
  userId?: string;
  email?: string;
  /** Count what would go, write nothing. */
  dryRun?: boolean;
  /**
   * Called with the person as found, before anything is read about them or written; throws to
   * refuse (the console's typed confirmation of their address).
   */
  confirm?: (person: ErasedPerson) => void;
}

export interface ErasureScope {
  tenant: TenantDb;
  /** Platform credentials: to find the person's identity and remove it when no tenant holds them. */
  platform?: PlatformDb;
}

/** Whom the input names, with what the tenant (and the platform) know about them. */
export async function resolvePerson(scope: ErasureScope, input: ErasePersonInput): Promise<{ person: ErasedPerson; user?: User }> {
  const hasId = input?.userId !== undefined && input.userId !== '';
  const hasEmail = input?.email !== undefined && input.email !== '';
  if (hasId === hasEmail) throw noPerson();
  const by = hasId ? { userId: validateId(input.userId, 'user') } : { email: validateEmail(input.email) };
  const [user, profileByEmail] = await Promise.all([
    scope.platform ? findPlatformUser(scope.platform, by) : undefined,
    by.email ? findProfileByEmail(scope.tenant, by.email) : undefined,
  ]);
  const userId = by.userId ?? profileByEmail?.userId ?? user?.id;
  const profile = profileByEmail ?? (userId ? await readProfileItem(scope.tenant, userId) : undefined);
  const email = (profile?.email ?? user?.email ?? by.email ?? '').toLowerCase();
  const names = [...new Set([profile?.name, user?.name].filter((n): n is string => Boolean(n)))];
  return { person: { ...(userId ? { userId } : {}), email, names }, user: user ?? undefined };
}

async function readProfileItem(db: TenantDb, userId: string) {
  const item = await getItem(db, keys.tenantUser(db.tenantId, userId));
  return item ? { userId, email: String(item.email ?? ''), name: String(item.name ?? '') } : undefined;
}

/** Everything in the person's partition (T8's Query, strongly consistent). */
const readPartition = (db: TenantDb, userId: string | undefined) =>
  userId
    ? queryAll(db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(db.tenantId, userId) }, ConsistentRead: true })
    : Promise.resolve([] as Record<string, unknown>[]);

/** What the tenant holds about the person, read before anything is written. */
async function survey(db: TenantDb, person: ErasedPerson, platform: PlatformDb | undefined) {
  const partition = await readPartition(db, person.userId);
  // The directory's display name is a name of theirs too.
  const account = partition.find((i) => i.type === 'directoryUser');
  if (account && typeof account.displayName === 'string' && account.displayName) person.names = [...new Set([...person.names, account.displayName])];
  const [directory, invitations, audit, changeSets, created, domains] = await Promise.all([
    directoryRecords(db, partition, person),
    invitationRecords(db, person),
    findAuditEntries(db, person),
    changeSetRecords(db, person),
    creatorRecords(db, person),
    platform ? domainRecords(platform, db.tenantId, person) : [],
  ]);
  return { partition, directory, invitations, audit, changeSets, created, domains };
}

/** Refuses the erasure of the tenant's last owner before anything is written. */
async function refuseLastOwner(db: TenantDb, partition: Record<string, unknown>[]) {
  const owned = partition.filter((i) => i.type === 'membership' && i.role === 'owner').length;
  if (owned === 0) return;
  const settings = await getItem(db, keys.tenantSettings(db.tenantId));
  if (Number(settings?.ownerCount ?? 0) - owned < 1) throw erasureLastOwner();
}

const count = (items: Record<string, unknown>[], type: string) => items.filter((i) => i.type === type).length;

/** Erases the person from the scope's tenant (and, with platform access, their identity once no tenant holds them). */
export async function erasePerson(scope: ErasureScope, actor: AuditActor, input: ErasePersonInput): Promise<ErasureReport> {
  const { person, user } = await resolvePerson(scope, input);
  input.confirm?.(person);
  const result = await eraseInTenant(scope.tenant, actor, person, Boolean(input.dryRun), scope.platform);
  if (!scope.platform) return { ...(person.userId ? { userId: person.userId } : {}), tenants: [result], platform: 'notAsked', otherTenants: [] };
  // Platform items cannot carry the tenant's decision facts: the decision is confirmed first.
  if (!input.dryRun) await confirmDecision(scope.tenant);
  const platform = await erasePlatformIdentity(scope.platform, user, [scope.tenant.tenantId], { dryRun: input.dryRun });
  return { ...(person.userId ? { userId: person.userId } : {}), tenants: [result], platform: platform.outcome, otherTenants: platform.otherTenants };
}

/** Steps 1–6 in one tenant, for a person already resolved (with platform access, the tenant's domain records too). */
export async function eraseInTenant(db: TenantDb, actor: AuditActor, person: ErasedPerson, dryRun: boolean, platform?: PlatformDb): Promise<TenantErasure> {
  const started = new Date(Date.now() - 1000);
  const found = await survey(db, person, platform);
  const memberships = count(found.partition, 'membership');
  const profile = count(found.partition, 'tenantUser') > 0;
  const nothing =
    found.partition.length === 0 && found.invitations.to.length === 0 && found.invitations.sent.length === 0 &&
    found.directory.errorKeys.length === 0 && found.changeSets.length === 0 &&
    found.created.length === 0 && found.domains.length === 0 && !found.audit.some((i) => Object.keys(auditEntryChanges(i, person)).length > 0);
  if (nothing) throw personNotFound();
  await refuseLastOwner(db, found.partition);

  const directoryCount = (found.directory.account ? 2 : 0) + 2 * found.directory.groupIds.length + found.directory.errorKeys.length;
  const leftover = (items: Record<string, unknown>[]) => items.filter((i) => !['membership', 'tenantUser', 'directoryUser', 'userGroup'].includes(String(i.type)));
  const report: TenantErasure = {
    tenantId: db.tenantId, ...(person.userId ? { userId: person.userId } : {}), dryRun,
    memberships, profile, sessions: count(found.partition, 'session'), directoryItems: directoryCount,
    invitationsDeleted: found.invitations.to.length, invitationsSentPseudonymised: found.invitations.sent.length,
    auditEntriesRewritten: found.audit.filter((i) => Object.keys(auditEntryChanges(i, person)).length > 0).length,
    changeSetItemsPseudonymised: found.changeSets.length,
    createdRecordsPseudonymised: found.created.length + found.domains.length,
    // The profile's name words go with it (counted with the profile).
    otherItems: leftover(found.partition).length - count(found.partition, 'session') - count(found.partition, 'nameWord'),
  };
  if (dryRun) return report;

  const userId = person.userId;
  if (userId) {
    await stopDirectorySync(db, found.directory.account);
    if (memberships > 0 || profile) await removeMemberships(db, actor, userId);
    // What the removal left in the partition: sessions, directory records, anything else.
    const rest = await readPartition(db, userId);
    if (rest.some((i) => i.type === 'membership' || i.type === 'tenantUser')) throw erasureBusy();
    report.directoryItems = await deleteDirectoryRecords(db, userId, await directoryRecords(db, rest, person));
    const others = leftover(rest);
    report.sessions = count(others, 'session');
    report.otherItems = others.length - report.sessions;
    await deleteInTransactions(db, others.map((i) => ({ PK: i.PK as string, SK: i.SK as string })));
  } else if (found.directory.errorKeys.length > 0) {
    report.directoryItems = await deleteInTransactions(db, found.directory.errorKeys);
  }
  report.invitationsDeleted = await deleteInvitationsTo(db, found.invitations.to);
  report.invitationsSentPseudonymised = userId ? await pseudonymiseInvitationsSent(db, found.invitations.sent, userId) : 0;
  // Again, with the entries the removal just wrote (read from the table: an index may lag).
  report.auditEntriesRewritten = await rewriteAuditEntries(db, await findAuditEntries(db, person, { since: started }), person);
  // Read again: a set applied meanwhile may have written inverses naming them.
  report.changeSetItemsPseudonymised = await pseudonymiseChangeSetRecords(db, await changeSetRecords(db, person), person);
  // Read again too: the deliveries of what the removal just wrote may have been queued meanwhile.
  report.createdRecordsPseudonymised =
    (await pseudonymiseCreatorRecords(db, await creatorRecords(db, person))) +
    (platform ? await pseudonymiseDomainRecords(db, platform, found.domains) : 0);

  await transaction(db)
    .add(
      auditEntryPut(db, {
        actor, action: 'person.erase', target: { type: 'tenant', id: db.tenantId, label: ERASED_NAME },
        after: {
          ...(userId ? { userId } : {}),
          memberships: report.memberships, sessions: report.sessions, invitations: report.invitationsDeleted,
          auditEntries: report.auditEntriesRewritten,
        },
      }),
    )
    .send();
  return report;
}

/** Step 3: lib/members' removal; its last-owner refusal (a concurrent demotion) is erasure's. */
async function removeMemberships(db: TenantDb, actor: AuditActor, userId: string): Promise<void> {
  try {
    await removeUserFromTenant(db, actor, userId);
  } catch (e) {
    if (isArborError(e) && e.code === 'membership.lastOwner') throw erasureLastOwner();
    if (isArborError(e) && e.code === 'member.notFound') return;
    throw e;
  }
}
