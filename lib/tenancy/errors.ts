// The errors of reaching a tenant: it does not exist, the actor is not (or no longer) in it or signed out there, or its
// scoped credentials could not be had. Low in lib so that every area can raise them.
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

/** The session the actor's memberships were read with was signed out (it is kept beside them). */
export const sessionRevoked = () => arborError('session.revoked', 'You signed out of this session. Sign in again.');

export const credentialsUnavailable = (cause: unknown) => {
  const error = arborError(
    'tenancy.credentialsUnavailable',
    'The database could not be reached for this organization just now. Try again in a moment.',
  );
  error.cause = cause;
  return error;
};
