// The errors of API keys (`apiKey.*`): managing them in settings, and a request that carries one.
import { arborError } from '../errors';

export const apiKeyInvalid = () =>
  arborError('apiKey.invalid', 'The API key is not valid. Check the Authorization header, or create a new key in Settings → API keys.');
export const apiKeyExpired = () => arborError('apiKey.expired', 'The API key has expired. Create a new key in Settings → API keys.');
export const apiKeyScopeGone = () =>
  arborError('apiKey.scopeGone', 'The unit this API key was scoped to no longer exists, so the key no longer works. Create a new key.');
export const apiKeyNotFound = () => arborError('apiKey.notFound', 'This API key does not exist (it may have been revoked already).');
export const tooManyApiKeys = (max: number) =>
  arborError('apiKey.tooMany', `An organization can have ${max} API keys at a time; revoke one you no longer use first.`);
export const badApiKeyName = () => arborError('apiKey.badName', 'Give the key a name of 1–60 characters, such as "HR sync".');
export const badApiKeyExpiry = (maxDays: number) =>
  arborError('apiKey.badExpiry', `A key expires after 1 to ${maxDays} days.`);
export const badApiKeyRole = () =>
  arborError('apiKey.badRole', 'A key can be an admin of the whole organization (on its top unit), or a manager or member of one unit; never an owner.');
export const badApiKeyScope = () => arborError('apiKey.badScope', 'A key has full access ("full") or may only ask checks ("check").');
/** The custom roles a new key names (lib/authz findCustomRoles says what is wrong). */
export const badApiKeyRoles = (problem: string) => arborError('apiKey.badRoles', problem);
export const personOnly = () =>
  arborError('apiKey.personOnly', 'This operation needs a person signed in to the console; API keys cannot manage credentials or sign-in.');
export const checkOnly = () =>
  arborError('apiKey.checkOnly', 'This API key may only ask checks (who may do what, docs/checks.md); it cannot call this operation. Use a key with full access.');
