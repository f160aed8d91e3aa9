// An import's preview: the file parsed, every row checked against the organization as it is
// now, and the writes that applying it would make. Reads only — nothing is written until the
// person confirms and the planned writes come back (apply-import.ts).
import 'server-only';
import { withCatalogue, type ActorAccess } from '../authz';
import type { PlatformDb, TenantDb } from '../db';
import { checkInvitationAddresses } from '../invitations/check-addresses';
import { findProfileByEmail, getUserMemberships } from '../members';
import { getUnitOrThrow } from '../org';
import { mapLimit } from '../org/map-limit';
import { getTenantSettings } from '../tenants';
import { parseImport, type ImportKind } from './parse-import';
import { customRoleKeys, importEmails, planMembershipImport, type People } from './plan-memberships';
import { readRoleCatalogue } from '../roles';
import type { RoleCatalogue } from '../authz';
import type { MembershipOp, PreviewRow, UnitOp } from './plan-types';
import { planUnitImport } from './plan-units';
import { loadTreeIndex } from '../org';

export type ImportPreview =
  | { kind: 'units'; rows: PreviewRow[]; ops: UnitOp[]; counts: PreviewCounts }
  | { kind: 'memberships'; rows: PreviewRow[]; ops: MembershipOp[]; counts: PreviewCounts };

export interface PreviewCounts {
  /** Rows that would write (create a unit, add a membership). */
  write: number;
  skip: number;
  error: number;
}

const counts = (rows: PreviewRow[]): PreviewCounts => ({
  write: rows.filter((r) => r.status === 'create' || r.status === 'add').length,
  skip: rows.filter((r) => r.status === 'skip').length,
  error: rows.filter((r) => r.status === 'error').length,
});

/**
 * Who of these emails is in the organization, with their units: per email one GSI2 Query and,
 * for members, one T8 Query (8 in flight).
 */
export async function lookupPeople(db: TenantDb, emails: string[]): Promise<People> {
  const found = await mapLimit(emails, 8, async (email) => {
    const profile = await findProfileByEmail(db, email);
    if (!profile) return [email, undefined] as const;
    const { memberships } = await getUserMemberships(db, profile.userId);
    const customRoles = new Map(memberships.filter((m) => m.roles?.length).map((m) => [m.unitId, m.roles!]));
    return [email, { userId: profile.userId, name: profile.name, units: new Map(memberships.map((m) => [m.unitId, m.role])), customRoles }] as const;
  });
  return new Map(found);
}

/**
 * `platform` (P1 reads) checks that people new to the organization can sign in here at all
 * (check-addresses.ts): refused rows are errors, guests a warning in the row's message.
 */
export async function previewImport(db: TenantDb, access: ActorAccess, kind: ImportKind, csv: string, platform?: PlatformDb): Promise<ImportPreview> {
  const parsed = parseImport(kind, csv);
  const settings = await getTenantSettings(db);
  const root = await getUnitOrThrow(db, settings.rootUnitId);
  if (kind === 'units') {
    const index = await loadTreeIndex(db, root);
    const plan = planUnitImport(parsed.rows, index, settings);
    return { kind, ...plan, counts: counts(plan.rows) };
  }
  // The catalogue only when a row names custom roles (one GetItem, shared for a few seconds).
  const naming = parsed.rows.some((r) => customRoleKeys(r.cells.custom_roles).length > 0);
  const [index, people, catalogue] = await Promise.all([
    loadTreeIndex(db, root), lookupPeople(db, importEmails(parsed.rows)), naming ? readRoleCatalogue(db) : undefined,
  ]);
  const newcomers = [...people].filter(([, p]) => !p).map(([email]) => email);
  const checks = platform && newcomers.length ? await checkInvitationAddresses(platform, db.tenantId, newcomers) : [];
  const plan = planMembershipImport(parsed.rows, index, people, withCatalogue(access, catalogue), new Map(checks.map((c) => [c.email, c])), catalogue);
  return { kind, ...plan, counts: counts(plan.rows) };
}

