// The errors of reporting lines, each worded once.
import { arborError } from '../errors';

export const personNotFound = () => arborError('reportingLine.personNotFound', 'That person is not in this organization (any more).');

export const managerNotFound = () =>
  arborError('reportingLine.managerNotFound', 'The manager chosen is not in this organization (any more). Choose someone who is.');

export const selfManager = () => arborError('reportingLine.self', 'A person cannot be their own manager.');

/** Stands for a person of a loop the caller may not see. */
export const OUTSIDE_VIEW = 'someone outside your view';

/**
 * `chain`: the people of the loop in order, first and last the same, by name (or id when
 * unnamed). `existing`: the loop is already there, above the chosen manager.
 */
export const lineCycle = (chain: readonly string[], existing = false) =>
  arborError(
    'reportingLine.cycle',
    existing
      ? `The managers above the one chosen already form a loop: ${chain.join(' → ')}. Change one of those lines first.`
      : `That would make a loop of managers: ${chain.join(' → ')}. Change one of those lines first.`,
    { chain, ...(existing ? { existing } : {}) },
  );

export const chainTooDeep = (max: number) =>
  arborError('reportingLine.tooDeep', `A chain of managers can be at most ${max} people long; this one would be longer.`, { max });

export const tooManyLines = (max: number) =>
  arborError('reportingLine.tooMany', `This organization has more than ${max} reporting lines, more than one answer carries.`, { max });

export const lineBusy = () =>
  arborError('reportingLine.busy', 'These reporting lines are being changed by someone else right now. Try again in a moment.');

export const badLineVersion = () =>
  arborError('reportingLine.badVersion', 'The reporting line version sent with this change is not valid. Reload and try again.');
