// Audit streaming's destinations (app/api/v1/audit-streams/**): where every audit entry of the
// organization is delivered (docs/audit-streaming.md). All need `auditStreams.manage` (owners), so
// a person: a key is never an owner, and where the audit log goes is not for a key to change.
// Secrets go in and never come out: an HTTPS destination's signing secret is in the answer that
// adds it, once; the others' tokens and keys are sealed and shown by their last characters.
import { z } from 'zod';
import type { Destination, DestinationSettings, DestinationTestResult } from '../../audit-streaming/types';
import { STREAM_LIMITS } from '../../audit-streaming/limits';
import { field } from '../../validation';
import { operation } from '../operation';
import { actor, describes } from './schemas';

const tag = 'Audit streaming';
const params = z.object({ destinationId: field.id('destination') });

const url = field.text(STREAM_LIMITS.maxUrlLength).meta({ description: 'https:// only; never a private, loopback or link-local address.' });
const short = (what: string) => field.text(200).meta({ description: what });

const settings = describes<DestinationSettings>()(
  z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('https'), url }).meta({ description: 'JSON lines POSTed, signed like webhooks (Standard Webhooks headers).' }),
      z
        .strictObject({ kind: z.literal('splunk'), url, index: short('The index events go to; the token’s default when absent.').optional(), sourcetype: short('Default `arbor:audit`.').optional() })
        .meta({ description: 'Splunk HTTP Event Collector; the secret is its token.' }),
      z
        .strictObject({
          kind: z.literal('datadog'),
          site: short('A Datadog site: `datadoghq.com`, `datadoghq.eu`, `us3.datadoghq.com`…').optional(),
          url: url.optional().meta({ description: 'An intake URL instead of a site (a proxy).' }),
          service: short('Default `arbor`.').optional(),
          tags: z.array(field.text(200)).max(20).optional(),
        })
        .meta({ description: 'Datadog logs intake; the secret is an API key.' }),
      z
        .strictObject({
          kind: z.literal('s3'),
          bucket: field.text(63),
          region: field.text(32),
          prefix: field.text(512).optional(),
          endpoint: url.optional().meta({ description: 'An S3-compatible store’s URL; absent for AWS.' }),
          roleArn: field.text(2_048).optional().meta({ description: 'A role Arbor assumes with the organization’s external id.' }),
          accessKeyId: field.text(128).optional().meta({ description: 'With access keys: the secret is the secret access key.' }),
        })
        .meta({ description: 'An S3 bucket (a role to assume, or access keys), or an S3-compatible store.' }),
    ])
    .meta({ id: 'AuditStreamSettings' }),
);

const health = z
  .object({
    state: z.enum(['new', 'healthy', 'failing', 'paused']),
    lastSuccessAt: z.string().optional(),
    lastFailureAt: z.string().optional(),
    lastError: z.string().optional().meta({ description: 'The last failure in words (status, timeout, refused address…).' }),
    failures: z.int().meta({ description: 'Failed attempts in a row.' }),
    nextAttemptAt: z.string().optional(),
    delivered: z.int().meta({ description: 'Entries delivered since the destination was added.' }),
  })
  .meta({ id: 'AuditStreamHealth' });

const destination = describes<Destination>()(
  z
    .object({
      destinationId: z.string(),
      name: z.string(),
      settings,
      secretHint: z.string().optional().meta({ description: "The secret's last characters, to recognise it." }),
      enabled: z.boolean(),
      cursor: z.string().optional().meta({ description: 'The id of the last audit entry delivered: everything up to it has arrived at least once.' }),
      health,
      lagSeconds: z.number().meta({ description: 'Seconds between the oldest entry not delivered yet and now; 0 when caught up.' }),
      createdAt: z.string(),
      createdBy: actor,
      version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
    })
    .meta({ id: 'AuditStreamDestination' }),
);

const testResult = describes<DestinationTestResult>()(
  z.object({ ok: z.boolean(), status: z.int().optional(), durationMs: z.number(), error: z.string().optional() }).meta({ id: 'AuditStreamTestResult' }),
);

const body = {
  name: field.text(STREAM_LIMITS.maxNameLength).meta({ description: `At most ${STREAM_LIMITS.maxNameLength} characters.` }),
  settings,
  secret: field
    .text(STREAM_LIMITS.maxSecretLength)
    .optional()
    .meta({ description: 'The HEC token, the Datadog API key, the S3 secret access key. Never for HTTPS: Arbor makes its signing secret.' }),
};

const conditioned = 'Conditioned on `expectedVersion` (409 when the destination changed meanwhile).';

export const auditStreams = {
  list: operation({
    method: 'get', path: '/api/v1/audit-streams', operationId: 'listAuditStreams', tag, personOnly: true,
    summary: 'List audit streaming destinations', description: 'Needs `auditStreams.manage` (owners). With each one’s health and lag.',
    response: z.object({ destinations: z.array(destination) }),
  }),
  create: operation({
    method: 'post', path: '/api/v1/audit-streams', operationId: 'createAuditStream', tag, personOnly: true,
    summary: 'Add an audit streaming destination',
    description:
      `Needs \`auditStreams.manage\`. At most ${STREAM_LIMITS.maxDestinations} a tenant. An HTTPS destination's signing secret (\`whsec_…\`) ` +
      'is in this answer only: verify each batch with any Standard Webhooks library. Delivery starts from now, or from `backfillFrom` ' +
      `(at most ${STREAM_LIMITS.maxBackfillDays} days back) when given.`,
    body: z.strictObject({
      ...body,
      backfillFrom: z.iso.datetime({ offset: true }).optional().meta({ description: 'Send every entry since this ISO date and time too, in order, instead of starting from now.' }),
    }),
    status: 201,
    response: z.object({ destination, signingSecret: z.string().optional() }).meta({ id: 'CreatedAuditStream' }),
    errors: ['limit', 'conflict'],
  }),
  get: operation({
    method: 'get', path: '/api/v1/audit-streams/{destinationId}', operationId: 'getAuditStream', tag, personOnly: true,
    summary: 'Read an audit streaming destination', description: 'Needs `auditStreams.manage`. With its health and lag.',
    params, response: destination, errors: ['notFound'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/audit-streams/{destinationId}', operationId: 'updateAuditStream', tag, personOnly: true,
    summary: 'Change an audit streaming destination',
    description:
      `Needs \`auditStreams.manage\`. Name, settings (the same kind), a new secret, or \`enabled\` (false pauses delivery; true resumes it from where it stopped). ${conditioned}`,
    params,
    body: z.strictObject({ name: body.name.optional(), settings: settings.optional(), secret: body.secret, enabled: z.boolean().optional(), expectedVersion: field.version }),
    response: destination, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/audit-streams/{destinationId}', operationId: 'deleteAuditStream', tag, personOnly: true,
    summary: 'Remove an audit streaming destination', description: `Needs \`auditStreams.manage\`. Its sealed secret goes with it. ${conditioned}`,
    params, query: z.object({ expectedVersion: field.versionParam }),
    status: 204, errors: ['notFound', 'conflict'],
  }),
  test: operation({
    method: 'post', path: '/api/v1/audit-streams/{destinationId}/test', operationId: 'testAuditStream', tag, personOnly: true,
    summary: 'Send a test entry',
    description: 'Needs `auditStreams.manage`. Sends one entry of type `auditStream.test` now and answers how it went; the stream’s position does not move.',
    params, response: testResult, errors: ['notFound'], ratePoints: 5,
  }),
  backfill: operation({
    method: 'post', path: '/api/v1/audit-streams/{destinationId}/backfill', operationId: 'backfillAuditStream', tag, personOnly: true,
    summary: 'Send entries again from a date',
    description:
      `Needs \`auditStreams.manage\`. Every entry since \`from\` is sent again, in order, then the stream goes on as before; at most ${STREAM_LIMITS.maxBackfillDays} days back ` +
      `(and no further than the audit log keeps). Receivers de-duplicate by the entry's id. ${conditioned}`,
    params,
    body: z.strictObject({ from: z.iso.datetime({ offset: true }).meta({ description: 'An ISO date and time.' }), expectedVersion: field.version }),
    response: destination, errors: ['notFound', 'conflict'],
  }),
};
