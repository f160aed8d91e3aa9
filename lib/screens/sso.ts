// Settings → Single sign-on and Settings → Domains (and the same on a setup link's page): the
// connection as its form shows it (never a secret or a private key), its health, a Test
// connection's result, the values to give the IdP, and the domains with their DNS proof.
// The platform's `TENANT#<t>` partition is one Query (registry entry, connection, domain
// records); health and the test result are the tenant's own items.
import 'server-only';
import { X509Certificate } from 'node:crypto';
import { callbackUrl } from '../auth/callback-url';
import type { TenantDb } from '../db';
import { domainViews, readTenantDomains, type DomainView } from '../domains';
import { serviceProviderUrls } from '../saml';
import { toPem } from '../saml/metadata';
import type { SamlAttributeMap, SsoConnection } from '../sso';
import { readHealth, type ConnectionHealth } from '../sso/health';
import { readTestResult, type ConnectionTestResult } from '../auth/test-connection';
import { listSetupLinks } from '../setup-links';
import { platformDb } from '../tenancy';
import type { ScreenContext } from './screen-context';
import { setupLinkViews, type SetupLinkView } from './setup-links';

type ConnectionViewBase = Pick<SsoConnection, 'issuer' | 'domains' | 'jit' | 'enabled' | 'version' | 'updatedAt'>;

export interface CertificateView {
  subject: string;
  validTo: string;
  /** SHA-256 fingerprint, as IdPs show it. */
  fingerprint: string;
  pem: string;
}

export type SsoConnectionView =
  | (ConnectionViewBase & { protocol: 'oidc'; clientId: string; hasSecret: boolean })
  | (ConnectionViewBase & { protocol: 'saml'; ssoUrl: string; idpCertificates: CertificateView[]; attributes: SamlAttributeMap; idpInitiated: boolean; metadataUrl?: string });

export interface ServiceProviderValues {
  /** OIDC: the one redirect URI every tenant registers. */
  redirectUri: string;
  /** SAML: this tenant's entity id, ACS URL and metadata URL. */
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

export interface SsoScreenView {
  connection: SsoConnectionView | null;
  domains: DomainView[];
  health: ConnectionHealth;
  test?: ConnectionTestResult;
  serviceProvider: ServiceProviderValues;
}

export function certificateView(body: string): CertificateView {
  const pem = toPem(body);
  const cert = new X509Certificate(pem);
  return { subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256, pem };
}

export function toSsoConnectionView(c: SsoConnection): SsoConnectionView {
  const base = { issuer: c.issuer, domains: c.domains, jit: c.jit, enabled: c.enabled, version: c.version, updatedAt: c.updatedAt };
  if (c.protocol === 'oidc') return { ...base, protocol: 'oidc', clientId: c.clientId, hasSecret: Boolean(c.clientSecret) };
  return {
    ...base, protocol: 'saml', ssoUrl: c.ssoUrl, idpCertificates: c.idpCertificates.map(certificateView), attributes: c.attributes,
    idpInitiated: c.idpInitiated, ...(c.metadataUrl ? { metadataUrl: c.metadataUrl } : {}),
  };
}

export const serviceProviderValues = (tenantId: string): ServiceProviderValues => ({ redirectUri: callbackUrl(), ...serviceProviderUrls(tenantId) });

/** Everything the SSO and Domains screens show; the caller has authorized `sso.manage` (or holds a setup link). */
export async function loadSsoScreen(db: TenantDb, options: { testId?: string } = {}): Promise<SsoScreenView> {
  const [tenant, health, test] = await Promise.all([
    readTenantDomains(platformDb(), db.tenantId),
    readHealth(db),
    options.testId ? readTestResult(db, options.testId) : Promise.resolve(undefined),
  ]);
  return {
    connection: tenant.connection ? toSsoConnectionView(tenant.connection) : null,
    domains: domainViews(tenant),
    health,
    ...(test ? { test } : {}),
    serviceProvider: serviceProviderValues(db.tenantId),
  };
}

/** Settings → Single sign-on: the screen, and the setup links (owners and admins). */
export async function loadSsoSettingsScreen(ctx: ScreenContext, testId?: string): Promise<SsoScreenView & { setupLinks: SetupLinkView[] }> {
  ctx.authorize('sso.manage', {});
  const [view, links] = await Promise.all([loadSsoScreen(ctx.db, { testId }), listSetupLinks(ctx.db)]);
  return { ...view, setupLinks: setupLinkViews(links) };
}

/** Settings → Domains. */
export async function loadDomainsScreen(ctx: ScreenContext): Promise<DomainView[]> {
  ctx.authorize('sso.manage', {});
  return domainViews(await readTenantDomains(platformDb(), ctx.db.tenantId));
}
