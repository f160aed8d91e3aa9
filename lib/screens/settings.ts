// /settings: the organization's name (T1); the SSO connection's own reads are in ./sso.ts.
import 'server-only';
import { can } from '../authz';
import { MAX_IMPORT_ROWS } from '../bulk/parse-import';
import { getConnection } from '../sso';
import { toSsoConnectionView, type SsoConnectionView } from './sso';
import { platformDb } from '../tenancy';
import { readScheduledDeletion } from '../offboarding';
import { getTenantSettings } from '../tenants';
import type { ScreenContext } from './screen-context';

export interface SettingsView {
  tenant: { tenantId: string; name: string; version: number; unitCount: number; unitLimit: number; ownerCount: number; ownersApproveOwnChangeSets: boolean };
  canRename: boolean;
  canManageSso: boolean;
  canImport: boolean;
  canExport: boolean;
  /** Owners only: the danger zone (schedule or cancel the organization's deletion). */
  canDelete: boolean;
  /** The scheduled deletion, while the grace period lasts (or once it has started). */
  deletion?: { dueAt: string; started: boolean };
}

/** T1 (the deletion mark is the same item: one read, lib/api/read-once.ts). */
export async function loadSettings(ctx: ScreenContext): Promise<SettingsView> {
  ctx.authorize('tenant.settings.read', {});
  const canManageSso = can(ctx.actor, 'sso.manage', {});
  const [settings, deletion] = await Promise.all([getTenantSettings(ctx.db), readScheduledDeletion(ctx.db)]);
  return {
    tenant: {
      tenantId: settings.tenantId, name: settings.name, version: settings.version,
      unitCount: settings.unitCount, unitLimit: settings.unitLimit, ownerCount: settings.ownerCount,
      ownersApproveOwnChangeSets: settings.ownersApproveOwnChangeSets,
    },
    canRename: can(ctx.actor, 'tenant.settings.update', {}),
    canManageSso,
    canImport: can(ctx.actor, 'tenant.import', {}),
    canExport: can(ctx.actor, 'tenant.export', {}),
    canDelete: can(ctx.actor, 'tenant.delete', {}),
    ...(deletion ? { deletion: { dueAt: deletion.dueAt, started: Boolean(deletion.startedAt) } } : {}),
  };
}

/** The SSO connection as the settings form shows it (read with platform credentials). */
export async function loadSsoConnection(ctx: ScreenContext): Promise<SsoConnectionView | null> {
  ctx.authorize('sso.manage', {});
  const connection = await getConnection(platformDb(), ctx.actor.tenantId);
  return connection ? toSsoConnectionView(connection) : null;
}

export interface ImportScreenView {
  organization: string;
  canImport: boolean;
  canExport: boolean;
  maxRows: number;
}

/** /settings/import: who may import and export here (owners and admins), and the limits (T1). */
export async function loadImportScreen(ctx: ScreenContext): Promise<ImportScreenView> {
  const canExport = can(ctx.actor, 'tenant.export', {});
  if (!canExport) ctx.authorize('tenant.import', {});
  else ctx.authorize('tenant.export', {});
  const settings = await getTenantSettings(ctx.db);
  return { organization: settings.name, canImport: can(ctx.actor, 'tenant.import', {}), canExport, maxRows: MAX_IMPORT_ROWS };
}
