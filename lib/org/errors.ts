// The errors of the org tree (units, moves, deletes), each worded once.
import { arborError } from '../errors';
import { MAX_DEPTH } from './unit-item';

export const unitNotFound = () => arborError('unit.notFound', 'That unit does not exist. It may have been deleted.');

export const parentNotFound = () =>
  arborError('unit.parentNotFound', 'The unit you chose as the parent does not exist any more. It may have been deleted.');

export const targetNotFound = () =>
  arborError('unit.targetNotFound', 'The unit you chose as the new parent does not exist any more. It may have been deleted.');

/** A unit write met the lock of a move or delete job (lib/org/jobs). */
export const unitLocked = (jobId?: string, kind: 'move' | 'delete' = 'move') =>
  arborError(
    'unit.locked',
    kind === 'delete'
      ? 'This unit is being deleted; try again in a moment.'
      : 'This unit is being moved; try again in a moment.',
    { jobId, retryable: true },
  );

/** The unit's path changed between the decision and the write: nothing was written. */
export const unitMoved = () =>
  arborError('unit.moved', 'This unit was moved while you were changing it. Check where it is now and try again.');

/** A path-ordered read met a subtree halfway through a move: retry rather than see a torn tree. */
export const treeMoveInProgress = (jobId?: string) =>
  arborError('tree.moveInProgress', 'Part of this tree is being moved; try again in a moment.', { jobId, retryable: true });

/** Concurrent edits kept invalidating our reads; nothing was written. */
export const treeBusy = () =>
  arborError('tree.busy', 'This part of the tree is being changed by someone else right now. Try again in a moment.', {
    retryable: true,
  });

export const nameTaken = (name: string) =>
  arborError('unit.nameTaken', `There is already a unit named "${name}" here. Choose another name.`);

export const tooDeep = () =>
  arborError('unit.tooDeep', `The tree can be at most ${MAX_DEPTH} levels deep below the top unit.`, { maxDepth: MAX_DEPTH });

export const cycle = () => arborError('unit.cycle', "A unit can't be moved into itself or into one of its own sub-units.");

export const rootMove = () => arborError('unit.rootMove', 'The top unit of the organization cannot be moved.');

export const rootDelete = () => arborError('unit.rootDelete', 'The top unit of the organization cannot be deleted.');

export const notEmpty = (name: string, counts: { units: number; memberships: number }) =>
  arborError(
    'unit.notEmpty',
    `"${name}" still has ${counts.units - 1} unit(s) below it and ${counts.memberships} membership(s). Remove them first, or delete the whole branch.`,
    { units: counts.units, memberships: counts.memberships },
  );

export const badPath = () => arborError('unit.badPath', 'That unit path is not valid.');

/** A unit was to be created with an id chosen in advance, and a unit already has it. */
export const unitExists = () =>
  arborError('unit.exists', 'A unit with this id already exists. It may have been created already.');

export const treeJobNotFound = () => arborError('moveJob.notFound', 'That move is not known. It may have finished long ago.');

export const unitLimit = (limit: number) =>
  arborError(
    'tenant.unitLimit',
    `This organization has reached its limit of ${limit.toLocaleString('en')} units. Delete units you no longer need first.`,
    { unitLimit: limit },
  );
