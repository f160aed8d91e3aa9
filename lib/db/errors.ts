// The errors of the data layer: transactions that kept colliding, and page cursors.
import { arborError } from '../errors';

export const transactionBusy = () =>
  arborError('transaction.busy', 'Many changes are being made to the same data right now. Try again in a moment.');

export const badCursor = () =>
  arborError('page.badCursor', 'This page link is invalid or has expired. Start again from the first page.');

export const badPageSize = (max: number) => arborError('page.badSize', `Page size must be a whole number from 1 to ${max}.`);
