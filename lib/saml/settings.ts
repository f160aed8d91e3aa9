// A SAML connection's settings, checked: the IdP (entity id, SSO URL, one or two signing
// certificates, imported from its metadata or typed), the attribute names, IdP-initiated sign-in,
// and Arbor's own key pair for the connection (made once, kept on every later save).
import 'server-only';
import selfsigned from 'selfsigned';
import type { SamlAttributeMap, SamlConnection, SsoConnection } from '../sso/connection';
import { sealSecret } from '../security/sealed-secret';
import { validateHttpsUrl } from '../sso/urls';
import { badIdpCertificate, badSamlSetting } from './errors';
import { certificateBody, fetchIdpMetadata, parseIdpMetadata } from './metadata';

export interface SamlSettingsInput {
  protocol: 'saml';
  /** IdP metadata as XML, or the URL it is published at; fills what is not given explicitly. */
  metadataXml?: string;
  metadataUrl?: string;
  /** The IdP's entity id. */
  issuer?: string;
  ssoUrl?: string;
  /** PEM or base64; two while the IdP rotates its certificate. */
  idpCertificates?: string[];
  attributes?: SamlAttributeMap;
  idpInitiated?: boolean;
}

const MAX_ENTITY_ID = 1024;
const MAX_ATTRIBUTE_NAME = 256;
const ATTRIBUTE_KEYS = ['email', 'givenName', 'familyName', 'groups'] as const;

export async function samlConnectionFields(tenantId: string, input: SamlSettingsInput, current: SsoConnection | undefined) {
  const metadataUrl = input.metadataUrl?.trim() ? validateHttpsUrl(input.metadataUrl, () => badSamlSetting('metadata', 'The metadata URL must be an https URL.')) : undefined;
  const metadata = input.metadataXml?.trim() ? parseIdpMetadata(input.metadataXml) : metadataUrl ? await fetchIdpMetadata(metadataUrl) : undefined;

  const issuer = (input.issuer?.trim() || metadata?.entityId || '').normalize('NFC');
  if (!issuer || issuer.length > MAX_ENTITY_ID || /\p{Cc}/u.test(issuer)) {
    throw badSamlSetting('issuer', `The identity provider's entity id is required (at most ${MAX_ENTITY_ID} characters).`);
  }
  const ssoUrl = validateHttpsUrl(input.ssoUrl?.trim() || metadata?.ssoUrl, () => badSamlSetting('ssoUrl', 'The single sign-on URL must be an https URL.'));
  const given = input.idpCertificates?.map((c) => c.trim()).filter(Boolean);
  const idpCertificates = [...new Set(given?.length ? given.map(certificateBody) : (metadata?.certificates ?? []))];
  if (idpCertificates.length === 0) throw badIdpCertificate('add the signing certificate the identity provider shows.');
  if (idpCertificates.length > 2) throw badIdpCertificate('at most two certificates can be trusted at once (the current one and its successor).');

  const attributes: SamlAttributeMap = {};
  for (const key of ATTRIBUTE_KEYS) {
    const name = input.attributes?.[key]?.trim();
    if (!name) continue;
    if (name.length > MAX_ATTRIBUTE_NAME || /\p{Cc}/u.test(name)) throw badSamlSetting('attribute', `Attribute names are at most ${MAX_ATTRIBUTE_NAME} characters.`);
    attributes[key] = name;
  }
  const keys = current?.protocol === 'saml' ? { spCertificate: current.spCertificate, spPrivateKey: current.spPrivateKey } : await newServiceProviderKeys(tenantId);
  return {
    protocol: 'saml', issuer, ssoUrl, idpCertificates, ...keys, attributes, idpInitiated: input.idpInitiated === true,
    ...(metadataUrl ? { metadataUrl } : {}),
  } satisfies Omit<SamlConnection, 'tenantId' | 'domains' | 'jit' | 'enabled' | 'version' | 'updatedAt'>;
}

/** Arbor's signing key pair for one tenant's connection: a self-signed certificate, as IdPs expect of an SP. */
async function newServiceProviderKeys(tenantId: string) {
  const pems = await selfsigned.generate([{ name: 'commonName', value: `Arbor SP ${tenantId}` }], {
    keySize: 2048, algorithm: 'sha256', notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000),
  });
  return { spCertificate: certificateBody(pems.cert), spPrivateKey: sealSecret(pems.private, tenantId) };
}
