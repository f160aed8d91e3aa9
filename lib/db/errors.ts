// The errors of the data layer: transactions that kept colliding or were decided on facts that
// changed (write-guards.ts), and page cursors.
import { arborError } from '../errors';

export const transactionBusy = () =>
  arborError('transaction.busy', 'Many changes are being made to the same data right now. Try again in a moment.');

export const badCursor = () =>
  arborError('page.badCursor', 'This page link is invalid or has expired. Start again from the first page.');

export const badPageSize = (max: number) => arborError('page.badSize', `Page size must be a whole number from 1 to ${max}.`);

/** A decision made on facts that changed before its write: nothing was written. */
export const staleDecision = (changed: 'grant' | 'target') =>
  arborError(
    'authz.stale',
    changed === 'grant'
      ? 'Your role changed while this was being saved (a role taken away, or the unit it is on moved). Nothing was changed; reload to see what you can do now.'
      : 'What you changed was moved or changed by someone else while this was being saved. Nothing was changed; reload and try again.',
    { changed },
  );
