// The errors of the console's Directory sync screen (`directory.*`), mapped by lib/errors/http.
// SCIM clients get protocol errors instead (./protocol-errors.ts).
import { arborError } from '../errors';

export const tokenNotFound = () => arborError('directory.tokenNotFound', 'This token does not exist (it may have been revoked already).');
export const tooManyTokens = (max: number) =>
  arborError('directory.tooManyTokens', `A directory can have ${max} tokens at a time; revoke one you no longer use first.`);
export const badTokenLabel = () => arborError('directory.badTokenLabel', 'Give the token a label of 1–60 characters, such as "Entra ID".');
export const badRules = (detail: string) => arborError('directory.badRules', detail);
export const rulesChanged = () =>
  arborError('directory.rulesChanged', 'Someone changed the directory rules meanwhile. Review the preview again before enabling.');
