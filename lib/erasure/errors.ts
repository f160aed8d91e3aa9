// The errors of erasing a person (a data-subject request), each worded once.
import { arborError } from '../errors';

export const noPerson = () =>
  arborError('erasure.noPerson', 'Say whose data to erase: a user id or an email address (one of them, not both).');

export const personNotFound = () =>
  arborError('erasure.personNotFound', 'Nothing in this organization names that person: there is nothing to erase.');

export const erasureLastOwner = () =>
  arborError(
    'erasure.lastOwner',
    "This person is the organization's last owner, so their data can't be erased. Make someone else an owner first, then erase it.",
  );

export const confirmationMismatch = () =>
  arborError('erasure.confirmationMismatch', "Type the person's email address exactly as shown to confirm the erasure.");

export const eraseSelf = () =>
  arborError('erasure.self', 'You cannot erase your own data while signed in; ask another owner of the organization.');

export const erasureBusy = () =>
  arborError('erasure.busy', 'This person is being changed by someone else right now; nothing more was erased. Try again in a moment.');
