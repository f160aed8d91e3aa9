// The errors of change sets (`changeSet.*`), each worded once.
import { arborError } from '../errors';

export const changeSetNotFound = () => arborError('changeSet.notFound', 'This change set does not exist (it may have been deleted).');
export const badChangeSetName = () => arborError('changeSet.badName', 'Give the change set a name of 1 to 100 characters.');
export const badOperation = (message: string) => arborError('changeSet.badOperation', message);
export const tooManyOperations = (max: number) =>
  arborError('changeSet.tooManyOperations', `A change set holds at most ${max} operations; split the reorganization into several.`);
export const operationNotFound = () => arborError('changeSet.operationNotFound', 'This operation is not in the change set (it may have been dropped).');
/** The set changed since the caller read it (another edit, review or run): nothing was written. */
export const changeSetChanged = (currentVersion?: number) =>
  arborError('changeSet.changed', 'Someone else changed this change set meanwhile. Look at it again and repeat your change.', { currentVersion });
export const notEditable = (status: string) =>
  arborError('changeSet.notEditable', `This change set is ${status}; only a draft can be edited.`, { status });
/** Apply or schedule asked of a set with conflicts, problems or reviews missing. */
export const notReady = (reasons: string[]) =>
  arborError('changeSet.notReady', `This change set can't be applied yet: ${reasons.join(' ')}`, { reasons });
export const changeSetBusy = () => arborError('changeSet.busy', 'This change set is being applied right now; wait for it to finish.', { retryable: true });
export const badSchedule = () => arborError('changeSet.badSchedule', 'Pick a time in the future, at most a year from now.');
export const notReviewer = () =>
  arborError('changeSet.notReviewer', "You don't administer any part of the tree this change set touches, so your review would not count.");
export const notApplied = () => arborError('changeSet.notApplied', 'Only an applied change set can be reverted.');
export const undoTooLarge = () =>
  arborError('changeSet.undoTooLarge', 'A unit this change set deletes holds too much to be put back if the change set had to be undone. Delete it on its own, outside the change set.');
/** The scheduler's wake-up without its token (or with none configured): as if it were not there. */
export const wakeUpNotFound = () => arborError('scheduler.notFound', 'There is nothing at this address.');
/** A CSV with rows that are not operations: nothing was added. */
export const badImport = (rows: { line: number; message: string }[]) =>
  arborError('changeSet.badImport', `${rows.length} row(s) of the file can't become operations; nothing was added. Fix them and import again.`, { rows: rows.slice(0, 100) });
export const badDescription = (max: number) =>
  arborError('changeSet.badDescription', `A description is text of at most ${max} characters, without control characters or text-direction overrides.`);
export const badComment = (max: number) =>
  arborError('changeSet.badComment', `A comment is text of at most ${max} characters, without control characters or text-direction overrides.`);
