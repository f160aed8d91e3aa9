// The errors of tenant-scoped credentials.
import { arborError } from '../errors';

export const credentialsUnavailable = (cause: unknown) => {
  const error = arborError(
    'tenancy.credentialsUnavailable',
    'The database could not be reached for this organization just now. Try again in a moment.',
  );
  error.cause = cause;
  return error;
};
