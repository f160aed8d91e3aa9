// /settings: the organization's name (T1) and its SSO connection (the platform item, read with
// platform credentials), for owners and admins. The client secret never leaves the
// server: the view says only whether one is stored. Server-only.
import { can } from '../authz';
import { MAX_IMPORT_ROWS } from '../bulk/parse-import';
import { config } from '../config';
import { getConnection, type SsoConnection } from '../sso';
import { platformDb } from '../tenancy';
import { getTenantSettings } from '../tenants';
import type { ScreenContext } from './screen-context';

export interface SsoConnectionView {
  issuer: string;
  clientId: string;
  domains: string[];
  jit: boolean;
  version: number;
  updatedAt: string;
  /** A client secret is stored (it is never shown back). */
  hasSecret: boolean;
}

export interface SettingsView {
  tenant: { tenantId: string; name: string; version: number; unitCount: number; unitLimit: number; ownerCount: number };
  /** null when no connection is set yet. */
  sso: SsoConnectionView | null;
  /** The one redirect URI every tenant registers at its identity provider. */
  redirectUri: string;
  canRename: boolean;
  canManageSso: boolean;
  canImport: boolean;
  canExport: boolean;
}

export const toSsoConnectionView = (c: SsoConnection): SsoConnectionView => ({
  issuer: c.issuer, clientId: c.clientId, domains: c.domains, jit: c.jit, version: c.version, updatedAt: c.updatedAt, hasSecret: Boolean(c.clientSecret),
});

export const redirectUri = () => `${config().ARBOR_APP_URL.replace(/\/+$/, '')}/api/auth/callback/sso`;

/** T1 and the SSO connection, read in parallel. */
export async function loadSettings(ctx: ScreenContext): Promise<SettingsView> {
  ctx.authorize('tenant.settings.read', {});
  const canManageSso = can(ctx.actor, 'sso.manage', {});
  const [settings, connection] = await Promise.all([
    getTenantSettings(ctx.db),
    canManageSso ? getConnection(platformDb(), ctx.actor.tenantId) : Promise.resolve(undefined),
  ]);
  return {
    tenant: {
      tenantId: settings.tenantId, name: settings.name, version: settings.version,
      unitCount: settings.unitCount, unitLimit: settings.unitLimit, ownerCount: settings.ownerCount,
    },
    sso: connection ? toSsoConnectionView(connection) : null,
    redirectUri: redirectUri(),
    canRename: can(ctx.actor, 'tenant.settings.update', {}),
    canManageSso,
    canImport: can(ctx.actor, 'tenant.import', {}),
    canExport: can(ctx.actor, 'tenant.export', {}),
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
