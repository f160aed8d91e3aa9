// What an erasure did in one tenant (or, in a dry run, would do), for the CLI, the console and
// the erasure's own audit entry. Counts only: a report never names the person.
import type { PlatformOutcome } from './platform-identity';

export interface TenantErasure {
  tenantId: string;
  userId?: string;
  dryRun: boolean;
  /** Memberships removed (both directions each), with the counters they held. */
  memberships: number;
  /** Whether a tenant profile (with its name words) was removed. */
  profile: boolean;
  sessions: number;
  /** SCIM User, its userName claim, group links and directory errors quoting the address. */
  directoryItems: number;
  /** Invitations to the person's address, deleted. */
  invitationsDeleted: number;
  /** Invitations the person sent, now showing the pseudonym as their sender. */
  invitationsSentPseudonymised: number;
  /** Audit entries that named the person, now naming the pseudonym. */
  auditEntriesRewritten: number;
  /** Change-set operations, inverses and reviews that named the person, now naming the pseudonym. */
  changeSetItemsPseudonymised: number;
  /** API keys, webhook endpoints, setup links and domain records they created, and webhook deliveries naming them, now naming the pseudonym. */
  createdRecordsPseudonymised: number;
  /** Anything else in the person's partition. */
  otherItems: number;
}

export interface ErasureReport {
  userId?: string;
  tenants: TenantErasure[];
  /** The platform identity (P3): removed, kept (still in `otherTenants`), none, or (dry run) would be removed. */
  platform: PlatformOutcome | 'notAsked';
  otherTenants: string[];
}
