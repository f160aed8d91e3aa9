// The errors of offboarding: deleting an organization (scheduled from Settings or run by the
// operator), exporting it and copying it back from a restored table or an export.
import { arborError } from '../errors';

export const nameMismatch = () =>
  arborError('offboarding.nameMismatch', "Type the organization's name exactly as it is shown to confirm the deletion.");

export const alreadyScheduled = () =>
  arborError('offboarding.alreadyScheduled', 'The deletion of this organization is already scheduled. Cancel it first to choose another date.');

export const notScheduled = () => arborError('offboarding.notScheduled', 'No deletion of this organization is scheduled.');

export const alreadyStarted = () =>
  arborError('offboarding.alreadyStarted', 'The deletion of this organization has already started and can no longer be cancelled.');

export const deletionBusy = () =>
  arborError('offboarding.busy', 'A deletion of this organization is running in another process. Try again once its lease has run out (a minute).');

export const deletionLeftovers = () =>
  arborError('offboarding.leftovers', 'Some items of the organization were still there after the deletion. Run the deletion again; it resumes.');

export const sameTable = () =>
  arborError('offboarding.sameTable', '--from-table names the live table. Give the table the point-in-time restore created.');

export const badTable = () =>
  arborError('offboarding.badTable', 'That is not a DynamoDB table name (3–255 letters, digits, _ - .).');

export const badArchive = (why: string) =>
  arborError('offboarding.badArchive', `That file is not an unchanged export of this organization: ${why}. Nothing was written.`);
