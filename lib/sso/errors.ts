// The errors of single sign-on: discovery by email domain and the tenant's connection.
import { arborError } from '../errors';

export const ssoNotConfigured = () =>
  arborError('sso.notConfigured', 'That organization has not finished setting up single sign-on. Ask its administrator.');

export const unknownDomain = (domain: string) =>
  arborError('sso.unknownDomain', `No organization on Arbor signs in with ${domain} addresses. Check the address, or ask your IT team to set up Arbor.`);

export const badSsoEmail = () => arborError('sso.badEmail', 'Enter your work email address, for example name@company.com.');

export const personalDomain = (domain: string) =>
  arborError('sso.consumerDomain', `${domain} is a personal email provider. Sign in with your work email address instead.`);

export const badIssuer = () =>
  arborError('sso.badIssuer', 'The issuer must be an https URL such as https://company.okta.com, without query or fragment (http is allowed only on this machine).');

/** A required connection field is missing or too long. */
export const badConnectionField = (field: 'clientId' | 'clientSecret', problem: 'missing' | { max: number }) => {
  const what = field === 'clientId' ? 'Client id' : 'Client secret';
  return arborError(
    field === 'clientId' ? 'sso.badClientId' : 'sso.badClientSecret',
    problem === 'missing' ? `${what} is required.` : `${what} must be at most ${problem.max} printable characters.`,
  );
};

export const noDomains = () =>
  arborError('sso.noDomains', 'A connection needs at least one verified email domain of its organization: verify one under Settings → Domains first.');

export const noConnection = () => arborError('sso.notSet', 'This organization has no single sign-on connection yet. Save one first.');

export const tooManyDomains = (max: number) => arborError('sso.tooManyDomains', `A connection can serve at most ${max} domains.`);

export const badJit = () => arborError('sso.badJit', 'Just-in-time provisioning must be on or off.');

export const secretUnreadable = () =>
  arborError('sso.secretUnreadable', "This organization's SSO client secret could not be decrypted. An operator must set the connection again.");
