// What an owner may give a destination, checked per kind before anything is stored or sent.
// URLs follow the webhooks' policy (https only; hosts inside the server's own network refused,
// by name and by what they resolve to), since every kind but S3-by-role is a POST Arbor makes.
import 'server-only';
import { config } from '../config';
import { checkEndpointUrl, resolvesPublic } from '../webhooks';
import { badStreamName, badStreamSecret, badStreamSettings, badStreamUrl } from './errors';
import { STREAM_LIMITS } from './limits';
import type { DestinationKind, DestinationSettings } from './types';

/** The local stack's allowance (plain http, private hosts), shared with webhooks. */
export const allowPrivateNetworks = () => config().ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1';

export interface UrlPolicy {
  allowPrivateNetworks?: boolean;
}

/** Datadog's sites (https://docs.datadoghq.com/getting_started/site/): the logs intake is `http-intake.logs.<site>`. */
export const DATADOG_SITES = ['datadoghq.com', 'us3.datadoghq.com', 'us5.datadoghq.com', 'datadoghq.eu', 'ap1.datadoghq.com', 'ap2.datadoghq.com', 'ddog-gov.com'] as const;

const AWS_REGION = /^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/;
// S3 bucket naming rules: 3–63 characters, lower-case letters, digits, dots and hyphens, starting
// and ending with a letter or digit, not an IP address.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@\/-]{1,512}$/;
// AWS access key ids are 16–128 upper-case letters and digits; S3-compatible stores allow shorter and more.
const ACCESS_KEY_ID = /^[A-Za-z0-9._+=/-]{3,128}$/;
const TAG = /^[\w.:\/-]{1,200}$/;
const MAX_TAGS = 20;
/** Splunk index and sourcetype names; Datadog service names. */
const FIELD_NAME = /^[\w.:-]{1,100}$/;
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export function validName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > STREAM_LIMITS.maxNameLength * 4) throw badStreamName();
  const name = raw.normalize('NFC').trim();
  if (name.length === 0 || [...name].length > STREAM_LIMITS.maxNameLength || CONTROL.test(name)) throw badStreamName();
  return name;
}

async function validUrl(raw: unknown, policy: UrlPolicy): Promise<string> {
  if (typeof raw !== 'string') throw badStreamUrl('invalid');
  if (raw.length > STREAM_LIMITS.maxUrlLength) throw badStreamUrl('tooLong');
  const allowPrivate = policy.allowPrivateNetworks ?? allowPrivateNetworks();
  const checked = checkEndpointUrl(raw.trim(), { allowPrivateNetworks: allowPrivate });
  if (!checked.ok) throw badStreamUrl(checked.reason);
  if (checked.url.search || checked.url.hash) throw badStreamSettings('The destination URL must not carry a query or fragment: secrets go in their own field.');
  if (!allowPrivate) {
    const resolved = await resolvesPublic(checked.url.hostname.replace(/^\[|\]$/g, ''));
    if (!resolved.ok) throw badStreamUrl(resolved.reason);
  }
  return checked.url.href.replace(/\/$/, '');
}

const optionalField = (raw: unknown, what: string, pattern = FIELD_NAME): string | undefined => {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !pattern.test(raw)) throw badStreamSettings(`${what} is 1–100 letters, digits, dots, colons, underscores or hyphens.`);
  return raw;
};

/** The settings to store, normalized, or a typed error saying what is wrong. */
export async function validSettings(raw: unknown, policy: UrlPolicy = {}): Promise<DestinationSettings> {
  if (!raw || typeof raw !== 'object') throw badStreamSettings('Choose a kind of destination: https, splunk, datadog or s3.');
  const s = raw as Record<string, unknown>;
  switch (s.kind) {
    case 'https':
      return { kind: 'https', url: await validUrl(s.url, policy) };
    case 'splunk': {
      const url = await validUrl(s.url, policy);
      const index = optionalField(s.index, 'A Splunk index');
      const sourcetype = optionalField(s.sourcetype, 'A Splunk sourcetype');
      return { kind: 'splunk', url: url.replace(/\/services\/collector(\/event)?$/, ''), ...(index ? { index } : {}), ...(sourcetype ? { sourcetype } : {}) };
    }
    case 'datadog': {
      if ((s.site === undefined) === (s.url === undefined)) throw badStreamSettings('Give a Datadog site (such as datadoghq.eu) or an intake URL, not both.');
      if (s.site !== undefined && !DATADOG_SITES.includes(s.site as (typeof DATADOG_SITES)[number])) {
        throw badStreamSettings(`A Datadog site is one of ${DATADOG_SITES.join(', ')}.`);
      }
      const service = optionalField(s.service, 'A Datadog service');
      if (s.tags !== undefined && (!Array.isArray(s.tags) || s.tags.length > MAX_TAGS || s.tags.some((t) => typeof t !== 'string' || !TAG.test(t)))) {
        throw badStreamSettings(`Datadog tags are at most ${MAX_TAGS} of the form key:value (letters, digits, . : / _ -).`);
      }
      return {
        kind: 'datadog', ...(s.site !== undefined ? { site: s.site as string } : { url: await validUrl(s.url, policy) }),
        ...(service ? { service } : {}), ...(s.tags ? { tags: [...new Set(s.tags as string[])] } : {}),
      };
    }
    case 's3':
      return validS3(s, policy);
    default:
      throw badStreamSettings('Choose a kind of destination: https, splunk, datadog or s3.');
  }
}

async function validS3(s: Record<string, unknown>, policy: UrlPolicy): Promise<DestinationSettings> {
  if (typeof s.bucket !== 'string' || !BUCKET.test(s.bucket) || s.bucket.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(s.bucket)) {
    throw badStreamSettings('An S3 bucket name is 3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit.');
  }
  if (typeof s.region !== 'string' || !AWS_REGION.test(s.region)) throw badStreamSettings('An S3 region is an AWS region code, such as eu-west-1.');
  let prefix: string | undefined;
  if (s.prefix !== undefined && s.prefix !== '') {
    // Object keys are `<prefix>/<yyyy>/<mm>/<dd>/…`: no leading or doubled slashes, no dot segments.
    if (typeof s.prefix !== 'string' || s.prefix.length > 200 || !/^[\w!\-.*'()\/]+$/.test(s.prefix)) {
      throw badStreamSettings("An S3 prefix is at most 200 letters, digits and !-_.*'()/ characters.");
    }
    prefix = s.prefix.replace(/^\/+|\/+$/g, '');
    if (prefix.split('/').some((part) => part === '' || part === '.' || part === '..')) throw badStreamSettings('An S3 prefix has no empty, "." or ".." parts.');
  }
  const roleArn = s.roleArn === undefined || s.roleArn === '' ? undefined : s.roleArn;
  const accessKeyId = s.accessKeyId === undefined || s.accessKeyId === '' ? undefined : s.accessKeyId;
  if ((roleArn === undefined) === (accessKeyId === undefined)) throw badStreamSettings('Give S3 either a role to assume (its ARN) or an access key id with its secret, not both.');
  if (roleArn !== undefined && (typeof roleArn !== 'string' || !ROLE_ARN.test(roleArn))) throw badStreamSettings('A role ARN looks like arn:aws:iam::123456789012:role/arbor-audit.');
  // Arbor's own account (its tenant access role's): a customer's role is in the customer's account.
  if (typeof roleArn === 'string' && accountOf(roleArn) === accountOf(config().ARBOR_TENANT_ROLE_ARN)) {
    throw badStreamSettings("That role is in Arbor's own AWS account: give a role of your organization's account.");
  }
  if (accessKeyId !== undefined && (typeof accessKeyId !== 'string' || !ACCESS_KEY_ID.test(accessKeyId))) throw badStreamSettings('An access key id is 3–128 letters, digits and . _ + = / - characters.');
  const endpoint = s.endpoint === undefined || s.endpoint === '' ? undefined : await validUrl(s.endpoint, policy);
  if (endpoint && roleArn) throw badStreamSettings('A role is assumed with AWS only: an S3-compatible endpoint takes an access key.');
  return {
    kind: 's3', bucket: s.bucket, region: s.region, ...(prefix ? { prefix } : {}), ...(endpoint ? { endpoint } : {}),
    ...(roleArn ? { roleArn: roleArn as string } : {}), ...(accessKeyId ? { accessKeyId: accessKeyId as string } : {}),
  };
}

const accountOf = (arn: string) => arn.split(':')[4];

/** Which kinds need a secret from the owner (HTTPS gets one made by Arbor; S3 by role needs none). */
export const needsOwnerSecret = (settings: DestinationSettings) =>
  settings.kind === 'splunk' || settings.kind === 'datadog' || (settings.kind === 's3' && settings.accessKeyId !== undefined);

export function validSecret(kind: DestinationKind, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw badStreamSecret(kind, 'missing');
  if (Buffer.byteLength(raw) > STREAM_LIMITS.maxSecretLength) throw badStreamSecret(kind, 'tooLong');
  if (CONTROL.test(raw)) throw badStreamSecret(kind, 'missing');
  return raw.trim();
}
