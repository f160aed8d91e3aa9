// The errors of webhook endpoints and their deliveries (`webhook.*`).
import { arborError } from '../errors';

const URL_PROBLEMS = {
  invalid: 'is not a valid URL',
  scheme: 'must be an https:// URL',
  credentials: 'must not carry a user name or password (put a secret in the path or verify the signature instead)',
  tooLong: 'is longer than 2048 bytes',
  privateAddress: "points at a private, loopback or link-local address: Arbor never calls into its own network",
  unresolvable: 'names a host Arbor cannot find in DNS',
} as const;

export type EndpointUrlProblem = keyof typeof URL_PROBLEMS;

export const badEndpointUrl = (problem: EndpointUrlProblem) => arborError('webhook.badUrl', `The endpoint URL ${URL_PROBLEMS[problem]}.`, { problem });
export const webhookNotFound = () => arborError('webhook.notFound', 'This webhook endpoint does not exist (it may have been removed).');
export const deliveryNotFound = () => arborError('webhook.deliveryNotFound', 'This delivery is not in the log (deliveries are kept for 30 days).');
export const tooManyEndpoints = (max: number) =>
  arborError('webhook.tooMany', `An organization can have ${max} webhook endpoints; remove one you no longer use first.`);
export const badEventTypes = () => arborError('webhook.badEvents', 'Pick at least one event type from the list, or leave the list empty for every event.');
export const badEndpointDescription = () =>
  arborError('webhook.badDescription', 'A description is at most 100 characters of visible text, without line breaks.');
export const endpointSecretUnreadable = () =>
  arborError('webhook.secretUnreadable', "This endpoint's signing secret could not be decrypted. Roll the secret to sign its deliveries again.");
export const endpointChanged = () =>
  arborError('webhook.changed', 'Someone else changed this endpoint while you were editing. Review it and apply your change again.');
