// The errors of setup links: the page a customer's IT admin opens to set up sign-in.
import { arborError } from '../errors';

export const setupLinkNotFound = () => arborError('setup.linkNotFound', 'This setup link does not exist or was revoked.');

export const setupLinkUnusable = () =>
  arborError('setup.linkUnusable', 'This setup link has expired, was revoked, or was already opened in another browser. Ask the person who sent it for a new one.');

export const badSetupLinkLifetime = (maxDays: number) => arborError('setup.badLifetime', `A setup link lasts 1 to ${maxDays} days.`);

export const tooManySetupLinks = (max: number) => arborError('setup.tooManyLinks', `At most ${max} setup links can be open at once. Revoke one first.`);

export const badSetupLinkLabel = () => arborError('setup.badLabel', 'Say who the link is for in 1–60 characters, such as "Okta admin".');
