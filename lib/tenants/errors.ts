// The errors of tenants (organizations), their membership as a whole and their email domains.
import { arborError } from '../errors';

export const tenantNotFound = () => arborError('tenant.notFound', 'This organization does not exist. It may have been deleted.');

/** The actor holds no membership in the tenant (never had one, or was removed). */
export const notTenantMember = () =>
  arborError(
    'tenant.notMember',
    'You are not a member of this organization (any more). Ask one of its admins to add you, or switch organization.',
  );

/** The company's directory (SCIM) deactivated the person; their memberships wait for a reactivation. */
export const accountDeactivated = () =>
  arborError(
    'tenant.deactivated',
    "Your account in this organization was deactivated by your company's directory. Ask your IT team if this is a mistake, or pick another organization.",
  );

export const badApprovalSetting = () =>
  arborError('tenant.badSetting', 'Say whether owners may approve their own change sets: true or false.');

export const badDomain = (raw: unknown) =>
  arborError('domain.invalid', `"${String(raw ?? '').slice(0, 80)}" is not a valid domain name.`);

export const consumerDomain = (domain: string) =>
  arborError('domain.consumer', `${domain} is a public email provider; only a company's own domain can be claimed.`);

export const domainTaken = (domain: string) =>
  arborError('domain.taken', `The domain ${domain} already belongs to another organization.`);
