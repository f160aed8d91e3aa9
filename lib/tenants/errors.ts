// The errors of tenants' settings and the email domains they claim. Whether a tenant exists and
// whether the actor belongs to it are lib/tenancy's errors: every area asks those.
import { arborError } from '../errors';

export const badApprovalSetting = () =>
  arborError('tenant.badSetting', 'Say whether owners may approve their own change sets: true or false.');

export const badDomain = (raw: unknown) =>
  arborError('domain.invalid', `"${String(raw ?? '').slice(0, 80)}" is not a valid domain name.`);

export const consumerDomain = (domain: string) =>
  arborError('domain.consumer', `${domain} is a public email provider; only a company's own domain can be claimed.`);

export const domainTaken = (domain: string) =>
  arborError('domain.taken', `The domain ${domain} already belongs to another organization.`);
