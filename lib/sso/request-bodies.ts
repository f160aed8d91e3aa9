// The bodies of the SSO settings requests, shared by the console's routes and a setup link's.
import { z } from 'zod';
import { field } from '../validation';

const common = {
  jit: z.boolean(),
  /** Operators' and older clients' explicit list; the console serves the tenant's proven domains. */
  domains: z.array(field.text(253)).max(50).optional(),
  expectedVersion: field.version.optional(),
};

export const connectionBody = z.union([
  z.strictObject({
    ...common,
    protocol: z.literal('oidc').optional(),
    issuer: field.text(2048),
    clientId: field.text(1024),
    clientSecret: field.text(4096).optional(),
  }),
  z.strictObject({
    ...common,
    protocol: z.literal('saml'),
    metadataUrl: field.text(2048).optional(),
    metadataXml: field.text(262_144).optional(),
    issuer: field.text(1024).optional(),
    ssoUrl: field.text(2048).optional(),
    idpCertificates: z.array(field.text(16_384)).max(2).optional(),
    attributes: z.strictObject({
      email: field.text(256).optional(), givenName: field.text(256).optional(), familyName: field.text(256).optional(), groups: field.text(256).optional(),
    }).optional(),
    idpInitiated: z.boolean().optional(),
  }),
]);

export const enabledBody = z.strictObject({ enabled: z.boolean(), expectedVersion: field.version });

export const domainBody = z.strictObject({ domain: field.text(253) });
