// Arbor as a SAML service provider for one tenant's connection, on @node-saml/node-saml: the
// AuthnRequest, the checks of a response, and the SP metadata.
//
// Each tenant has its own entity id and ACS URL (`/api/saml/<tenantId>/…`): a response meant for
// tenant A carries A's audience and is signed by A's IdP, so tenant B's ACS refuses it.
import 'server-only';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { config } from '../config';
import type { SamlConnection } from '../sso/connection';
import { openSecret } from '../security/sealed-secret';
import { spKeyUnreadable } from './errors';
import { toPem } from './metadata';

const appUrl = () => config().ARBOR_APP_URL.replace(/\/+$/, '');

/** The values the IdP is configured with. */
export const serviceProviderUrls = (tenantId: string) => ({
  entityId: `${appUrl()}/api/saml/${tenantId}/metadata`,
  acsUrl: `${appUrl()}/api/saml/${tenantId}/acs`,
  metadataUrl: `${appUrl()}/api/saml/${tenantId}/metadata`,
});

/** Clock difference tolerated between the IdP and Arbor. */
const CLOCK_SKEW_MS = 60_000;

export function serviceProvider(connection: SamlConnection, requests: CacheProvider): SAML {
  const { entityId, acsUrl } = serviceProviderUrls(connection.tenantId);
  return new SAML({
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    entryPoint: connection.ssoUrl,
    idpIssuer: connection.issuer,
    idpCert: connection.idpCertificates.map(toPem),
    // AuthnRequests are signed with the connection's own key (the IdP may require it).
    privateKey: openSecret(connection.spPrivateKey, connection.tenantId, spKeyUnreadable),
    publicCert: toPem(connection.spCertificate),
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    // One valid signature is required, over the Response or over the Assertion: Entra signs the
    // assertion by default, Okta the response. node-saml refuses a response signed nowhere.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // A requested context (password) makes Entra refuse people who sign in without one (passkeys).
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: connection.idpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 15 * 60_000,
    cacheProvider: requests,
  });
}

/** The SP metadata an IdP imports: entity id, ACS URL, signing certificate. */
export function serviceProviderMetadata(connection: SamlConnection): string {
  const unused: CacheProvider = { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null };
  return serviceProvider(connection, unused).generateServiceProviderMetadata(null, toPem(connection.spCertificate));
}

/** Every attribute of a verified profile as a list of strings, by name. */
export function profileAttributes(profile: Profile): Record<string, string[]> {
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(raw).slice(0, 100)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length) out[name.slice(0, 256)] = list.slice(0, 200).map((v) => v.slice(0, 1024));
  }
  return out;
}

/** The assertion's ID and the end of its validity, for the replay guard. */
export function assertionIdentity(profile: Profile): { id: string; expiresAt: Date } | undefined {
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } } | undefined;
  const id = assertion?.Assertion?.$?.ID;
  if (!id) return undefined;
  const end = Date.parse(assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  return { id, expiresAt: new Date((Number.isFinite(end) ? end : Date.now() + 3600_000) + CLOCK_SKEW_MS) };
}

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
type ParsedAssertion = { Assertion?: { Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string } }[] }[] }[] } };

/**
 * What node-saml leaves to its caller: the response was delivered here (the Response's
 * Destination, when present, and every bearer confirmation's Recipient in the signed assertion
 * name this tenant's ACS URL) and reports success (an IdP can wrap an assertion in a failure).
 */
export function deliveredHere(profile: Profile, acsUrl: string): boolean {
  const confirmations = (profile.getAssertion?.() as ParsedAssertion | undefined)?.Assertion?.Subject?.[0]?.SubjectConfirmation ?? [];
  const recipients = confirmations.flatMap((c) => c.SubjectConfirmationData ?? []).map((d) => d.$?.Recipient);
  if (recipients.length === 0 || recipients.some((r) => r !== acsUrl)) return false;
  const xml = profile.getSamlResponseXml?.();
  if (!xml) return false;
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element | null;
  const destination = root?.getAttribute('Destination');
  if (destination && destination !== acsUrl) return false;
  const status = root && Array.from(root.childNodes as unknown as ArrayLike<Element>).find((n) => n.localName === 'Status');
  const code = status && Array.from(status.childNodes as unknown as ArrayLike<Element>).find((n) => n.localName === 'StatusCode');
  return code?.getAttribute?.('Value') === SUCCESS;
}
