// The errors of proving email domains by DNS.
import { arborError } from '../errors';

export const domainNotAdded = (domain: string) => arborError('domain.notFound', `${domain} is not one of this organization's domains.`);

export const domainAlreadyVerified = (domain: string) => arborError('domain.alreadyVerified', `${domain} is already verified for this organization.`);

export const tooManyTenantDomains = (max: number) => arborError('domain.tooMany', `An organization can have at most ${max} domains, verified or waiting.`);

export const verificationRecordMissing = (domain: string, expected: string, found: number) =>
  arborError(
    'domain.recordMissing',
    `No TXT record "${expected}" was found on ${domain}${found ? ` (${found} other TXT record${found === 1 ? '' : 's'} found)` : ''}. Publish it at your DNS provider; changes can take a few minutes to appear.`,
  );

export const dnsUnavailable = (domain: string) =>
  arborError('domain.dnsUnavailable', `The DNS lookup of ${domain} did not answer. Try again in a minute.`);

/** Another tenant proved the domain first: the loser is told, and nothing of theirs changes. */
export const domainProvenElsewhere = (domain: string) =>
  arborError('domain.provenElsewhere', `${domain} was verified by another organization first. If your company owns it, contact Arbor support.`);

/** The console and the setup link serve only domains the tenant has proven. */
export const domainUnproven = (domain: string) =>
  arborError('domain.unproven', `${domain} is not a verified domain of this organization. Add it under Settings → Domains and verify it first.`);

export const lastServedDomain = (domain: string) =>
  arborError('domain.lastServed', `${domain} is the only domain your single sign-on serves. Verify another domain first, or remove the connection.`);

export const domainChangedMeanwhile = (domain: string) => arborError('domain.changed', `${domain} was changed meanwhile (verified, re-checked or removed). Reload and try again.`);
