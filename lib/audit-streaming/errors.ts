// The errors of audit-stream destinations (`auditStream.*`).
import { arborError } from '../errors';

const URL_PROBLEMS = {
  invalid: 'is not a valid URL',
  scheme: 'must be an https:// URL',
  credentials: 'must not carry a user name or password (the secret goes in its own field)',
  tooLong: 'is longer than 2048 bytes',
  privateAddress: "points at a private, loopback or link-local address: Arbor never calls into its own network",
  unresolvable: 'names a host Arbor cannot find in DNS',
} as const;

const SECRET_NAMES = { https: 'signing secret', splunk: 'HEC token', datadog: 'Datadog API key', s3: 'secret access key' } as const;

export const destinationSecretUnreadable = () =>
  arborError('auditStream.secretUnreadable', "This destination's secret could not be decrypted. Enter the secret again to resume sending.");
export const destinationNotFound = () => arborError('auditStream.notFound', 'This audit stream destination does not exist (it may have been removed).');
export const tooManyDestinations = (max: number) =>
  arborError('auditStream.tooMany', `An organization can stream its audit log to ${max} destinations; remove one you no longer use first.`);
export const badStreamName = () => arborError('auditStream.badName', 'A destination name is 1–80 characters of visible text, without line breaks.');
export const badStreamSettings = (message: string) => arborError('auditStream.badSettings', message);
export const badStreamUrl = (problem: keyof typeof URL_PROBLEMS) =>
  arborError('auditStream.badUrl', `The destination URL ${URL_PROBLEMS[problem]}.`, { problem });
export const badStreamSecret = (kind: keyof typeof SECRET_NAMES, problem: 'missing' | 'tooLong' | 'targetChanged') =>
  arborError('auditStream.badSecret', problem === 'missing'
    ? `This destination needs its ${SECRET_NAMES[kind]}.`
    : problem === 'targetChanged'
      ? `Where this destination sends changed: enter its ${SECRET_NAMES[kind]} again (the stored one is only ever sent where it was given for).`
      : `The ${SECRET_NAMES[kind]} is longer than 4096 bytes.`, { problem });
export const badBackfill = (problem: 'invalid' | 'future' | 'tooOld', maxDays?: number) =>
  arborError('auditStream.badBackfill', problem === 'invalid'
    ? 'Give the date to send entries from as an ISO date, such as 2026-01-31.'
    : problem === 'future' ? 'The date to send entries from is in the future.' : `A backfill reaches back at most ${maxDays ?? 365} days.`, { problem });
export const destinationChanged = () =>
  arborError('auditStream.changed', 'Someone else changed this destination while you were editing. Review it and apply your change again.');
