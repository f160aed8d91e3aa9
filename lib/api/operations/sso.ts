// Single sign-on and the organization's email domains (app/api/v1/settings/sso/**,
// settings/domains/**): the IdP connection, and the domains whose people sign in through it,
// proven by a DNS TXT record. All need `sso.manage` and a signed-in person.
import { z } from 'zod';
import type { DomainView } from '../../domains';
import type { SsoConnectionView } from '../../screens/sso';
import { connectionBody, domainBody, enabledBody } from '../../sso';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const domainParams = z.object({ domain: field.text(253) });

const base = {
  issuer: z.string(),
  domains: z.array(z.string()).meta({ description: 'The verified domains whose people it signs in.' }),
  jit: z.boolean().meta({ description: 'Just-in-time: people of these domains join at their first sign-in.' }),
  enabled: z.boolean(),
  version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
  updatedAt: z.string(),
};

/** Never a secret or a private key. */
const ssoConnection = describes<SsoConnectionView>()(
  z.discriminatedUnion('protocol', [
    z.object({ ...base, protocol: z.literal('oidc'), clientId: z.string(), hasSecret: z.boolean() }),
    z.object({
      ...base,
      protocol: z.literal('saml'),
      ssoUrl: z.string(),
      idpCertificates: z.array(z.object({ subject: z.string(), validTo: z.string(), fingerprint: z.string(), pem: z.string() })),
      attributes: z.object({ email: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional(), groups: z.string().optional() }),
      idpInitiated: z.boolean(),
      metadataUrl: z.string().optional(),
    }),
  ]).meta({ id: 'SsoConnection' }),
);

const domainView = describes<DomainView>()(
  z.object({
    domain: z.string(),
    status: z.enum(['pending', 'verified', 'failing']),
    provenBy: z.enum(['dns', 'operator']).optional(),
    txt: z
      .object({ name: z.string(), value: z.string() })
      .optional()
      .meta({ description: 'The TXT record to publish (pending and failing domains).' }),
    verifiedAt: z.string().optional(),
    lastCheckedAt: z.string().optional(),
    failingSince: z.string().optional(),
    lastProblem: z.string().optional(),
    served: z.boolean().meta({ description: 'The connection signs people of this domain in.' }),
  }).meta({ id: 'Domain' }),
);

const connection = z.object({ connection: ssoConnection });
const domains = z.object({ domains: z.array(domainView) });

export const sso = {
  getConnection: operation({
    method: 'get', path: '/api/v1/settings/sso', operationId: 'getSsoConnection', tag: 'Single sign-on',
    summary: 'Get the SSO connection', description: 'The connection as its settings form shows it; `null` when none is set.',
    personOnly: true,
    response: z.object({ connection: ssoConnection.nullable() }),
  }),
  saveConnection: operation({
    method: 'put', path: '/api/v1/settings/sso', operationId: 'saveSsoConnection', tag: 'Single sign-on',
    summary: 'Register or replace the SSO connection',
    description:
      "OIDC or SAML, for the organization's verified domains. A new connection starts switched off, to be tested " +
      'first. With `expectedVersion`, conditioned on it (409 `sso.versionConflict`).',
    personOnly: true,
    body: connectionBody, response: connection, errors: ['conflict', 'unavailable'],
  }),
  test: operation({
    method: 'post', path: '/api/v1/settings/sso/test', operationId: 'testSsoConnection', tag: 'Single sign-on',
    summary: 'Start a test sign-in',
    description:
      'Starts a real sign-in through the IdP that creates no session (it sets the sign-in flow cookie): the ' +
      'browser then signs in with `callbackUrl` and comes back to Settings → Single sign-on with what the IdP ' +
      'sent and what Arbor would do.',
    personOnly: true,
    response: z.object({ testId: z.string(), callbackUrl: z.string() }), errors: ['notFound'],
  }),
  setEnabled: operation({
    method: 'put', path: '/api/v1/settings/sso/enabled', operationId: 'setSsoEnabled', tag: 'Single sign-on',
    summary: 'Switch the SSO connection on or off',
    description: "On, the organization's domains sign in through it. Conditioned on `expectedVersion` (409 `sso.versionConflict`).",
    personOnly: true,
    body: enabledBody, response: connection, errors: ['notFound', 'conflict'],
  }),
  listDomains: operation({
    method: 'get', path: '/api/v1/settings/domains', operationId: 'listDomains', tag: 'Domains',
    summary: 'List the email domains',
    description: 'Verified, failing their re-check, or waiting for their DNS record (with the TXT record to publish).',
    personOnly: true,
    response: domains,
  }),
  addDomain: operation({
    method: 'post', path: '/api/v1/settings/domains', operationId: 'addDomain', tag: 'Domains',
    summary: 'Add an email domain', description: 'It waits for its TXT record; answers every domain.',
    personOnly: true,
    body: domainBody, status: 201, response: domains, errors: ['conflict', 'limit'],
  }),
  removeDomain: operation({
    method: 'delete', path: '/api/v1/settings/domains/{domain}', operationId: 'removeDomain', tag: 'Domains',
    summary: 'Remove an email domain',
    description: "A waiting domain's challenge, or a verified domain's claim: its people no longer sign in here.",
    personOnly: true,
    params: domainParams, response: z.object({ removed: z.string() }), errors: ['notFound', 'conflict'],
  }),
  verifyDomain: operation({
    method: 'post', path: '/api/v1/settings/domains/{domain}/verify', operationId: 'verifyDomain', tag: 'Domains',
    summary: 'Verify an email domain',
    description:
      "Looks the domain's TXT record up now. Found, the domain is the organization's and its people sign in " +
      'through its connection; not found, 400 `domain.recordMissing`.',
    personOnly: true,
    params: domainParams,
    response: z.object({ domain: z.string(), status: z.enum(['pending', 'verified', 'failing']) }),
    errors: ['notFound', 'conflict', 'unavailable'],
  }),
};
