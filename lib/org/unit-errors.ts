// The typed errors of the org tree, in one place so every path words them the same way.
import { conflict, invalid, limitExceeded, notFound } from '../errors';
import { MAX_DEPTH } from './unit-item';

export const unitNotFound = () => notFound('unit.notFound', 'That unit does not exist. It may have been deleted.');

export const parentNotFound = () =>
  notFound('unit.parentNotFound', 'The unit you chose as the parent does not exist any more. It may have been deleted.');

/** A unit write met the lock of a move or delete job (lib/org/jobs). */
export const unitLocked = (jobId: string, kind: 'move' | 'delete' = 'move') =>
  conflict(
    'unit.locked',
    kind === 'delete'
      ? 'This unit is being deleted; try again in a moment.'
      : 'This unit is being moved; try again in a moment.',
    { jobId, retryable: true },
  );

/** A path-ordered read met a subtree halfway through a move: retry rather than see a torn tree. */
export const treeMoveInProgress = (jobId?: string) =>
  conflict('tree.moveInProgress', 'Part of this tree is being moved; try again in a moment.', { jobId, retryable: true });

/** Concurrent edits kept invalidating our reads; nothing was written. */
export const treeBusy = () =>
  conflict('tree.busy', 'This part of the tree is being changed by someone else right now. Try again in a moment.', {
    retryable: true,
  });

export const nameTaken = (name: string) =>
  conflict('unit.nameTaken', `There is already a unit named "${name}" here. Choose another name.`);

export const tooDeep = () =>
  invalid('unit.tooDeep', `The tree can be at most ${MAX_DEPTH} levels deep below the top unit.`, { maxDepth: MAX_DEPTH });

export const cycle = () => invalid('unit.cycle', "A unit can't be moved into itself or into one of its own sub-units.");

export const unitLimit = (limit: number) =>
  limitExceeded(
    'tenant.unitLimit',
    `This organization has reached its limit of ${limit.toLocaleString('en')} units. Delete units you no longer need first.`,
    { unitLimit: limit },
  );

export const tenantNotFound = () => notFound('tenant.notFound', 'This organization no longer exists.');
