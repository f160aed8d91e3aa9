// The error the whole stack shares when AWS kept refusing: raised by lib/db's retries and by the
// one HTTP mapper (./http.ts), which sit on different floors, so it lives on the lower one.
import { arborError } from './index';

/** AWS kept refusing (throttling, errors, lost connections) after every retry of the policy (lib/db/retry-policy.ts). */
export const databaseBusy = (cause?: unknown) => {
  const error = arborError('database.busy', 'Arbor is very busy right now and could not finish this. Try again in a moment.');
  if (cause !== undefined) error.cause = cause;
  return error;
};
