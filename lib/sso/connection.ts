// A tenant's SSO connection, OIDC or SAML: the canonical item `TENANT#<t>` / `SSO`, and a copy
// denormalized onto each of its proven domains' claims so that sign-in discovery (P1) is one
// GetItem. Platform credentials (P1–P4 items only).
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { itemParser, keys, type PlatformDb } from '../db';
import { openSecret } from '../security/sealed-secret';
import { secretUnreadable } from './errors';

/** Most domains one connection serves; keeps `setConnection` inside one transaction. */
export const MAX_CONNECTION_DOMAINS = 20;

interface ConnectionBase {
  tenantId: string;
  /**
   * Who vouches for people: the OIDC issuer URL or the SAML IdP's entity id. A tenant switch
   * between two tenants with the same issuer needs no new sign-in.
   */
  issuer: string;
  /** The tenant's proven email domains this connection signs in. */
  domains: string[];
  /** Provision unknown users of these domains as members on first sign-in. */
  jit: boolean;
  /** Off while the connection is being set up and tested: discovery does not route to it yet. */
  enabled: boolean;
  version: number;
  updatedAt: string;
}

export interface OidcConnection extends ConnectionBase {
  protocol: 'oidc';
  clientId: string;
  /** AES-GCM sealed client secret; open it with `connectionSecret()` only to talk to the IdP. */
  clientSecret: string;
}

/** Which SAML attribute carries each of the person's details (email defaults to the NameID). */
export interface SamlAttributeMap {
  email?: string;
  givenName?: string;
  familyName?: string;
  groups?: string;
}

export interface SamlConnection extends ConnectionBase {
  protocol: 'saml';
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  ssoUrl: string;
  /** PEM bodies of the IdP's signing certificates: two while the IdP rotates. */
  idpCertificates: string[];
  /** Arbor's own certificate for this connection (published in the SP metadata) and its sealed key. */
  spCertificate: string;
  spPrivateKey: string;
  attributes: SamlAttributeMap;
  /** Accept responses the IdP sends unasked (from its app dashboard). Off by default. */
  idpInitiated: boolean;
  /** Where the IdP metadata was imported from, to import it again. */
  metadataUrl?: string;
}

export type SsoConnection = OidcConnection | SamlConnection;

const base = {
  issuer: z.string(),
  domains: z.array(z.string()).optional(),
  jit: z.boolean().optional(),
  enabled: z.boolean().optional(),
  version: z.number(),
  updatedAt: z.string(),
};

/** The connection's attributes, on its own item and copied onto each domain claim. */
export const storedConnection = z.union([
  z.object({
    ...base,
    protocol: z.literal('saml'),
    ssoUrl: z.string(),
    idpCertificates: z.array(z.string()),
    spCertificate: z.string(),
    spPrivateKey: z.string(),
    attributes: z.object({ email: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional(), groups: z.string().optional() }).optional(),
    idpInitiated: z.boolean().optional(),
    metadataUrl: z.string().optional(),
  }),
  // Connections stored before SAML existed carry no protocol: they are OIDC.
  z.object({ ...base, protocol: z.literal('oidc').optional(), clientId: z.string(), clientSecret: z.string() }),
]);
const parseConnection = itemParser('ssoConnection', storedConnection);

/** The connection from its stored attributes (parsed with the item that holds them). */
export function connectionFrom(tenantId: string, c: z.infer<typeof storedConnection>): SsoConnection {
  const common = { tenantId, issuer: c.issuer, domains: c.domains ?? [], jit: c.jit === true, enabled: c.enabled !== false, version: c.version, updatedAt: c.updatedAt };
  if (c.protocol === 'saml') {
    const { ssoUrl, idpCertificates, spCertificate, spPrivateKey, metadataUrl } = c;
    return { ...common, protocol: 'saml', ssoUrl, idpCertificates, spCertificate, spPrivateKey, attributes: c.attributes ?? {}, idpInitiated: c.idpInitiated === true, ...(metadataUrl ? { metadataUrl } : {}) };
  }
  return { ...common, protocol: 'oidc', clientId: c.clientId, clientSecret: c.clientSecret };
}

export const toConnection = (tenantId: string, item: Record<string, unknown>) => connectionFrom(tenantId, parseConnection(item));

/** The plain OIDC client secret, for the token request only. */
export const connectionSecret = (c: OidcConnection) => openSecret(c.clientSecret, c.tenantId, secretUnreadable);

/** The stored shape, shared by the canonical item and the copies on domain claims. */
export function connectionAttributes(c: SsoConnection): Record<string, unknown> {
  const { tenantId: _tenantId, ...stored } = c;
  return stored;
}

/** The tenant's canonical connection (one GetItem), or undefined when none is set. */
export async function getConnection(db: PlatformDb, tenantId: string): Promise<SsoConnection | undefined> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.ssoConnection(tenantId), ConsistentRead: true }));
  return out.Item ? toConnection(tenantId, out.Item) : undefined;
}
