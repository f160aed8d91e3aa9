// The errors of sessions: who is signed in, and whether they still may act in the active tenant.
import { arborError } from '../errors';

export const sessionMissing = () => arborError('session.missing', 'Sign in to continue.');
export const sessionExpired = () => arborError('session.expired', 'Your session expired. Sign in again.');
export const sessionInvalid = () => arborError('session.invalid', 'Your session could not be verified. Sign in again.');

export const signOutFailed = () =>
  arborError('session.signOutFailed', 'We could not sign you out just now, so your session is still active. Try again in a moment.');
