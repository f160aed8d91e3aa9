// The redirect URI every tenant registers at its IdP: one per Arbor deployment, because the
// tenant is chosen by the sign-in flow cookie, not by the URL.
import { config } from '../config';
import { SSO_PROVIDER_ID } from './sso-provider';

export const callbackUrl = (appUrl = config().ARBOR_APP_URL) => `${appUrl.replace(/\/+$/, '')}/api/auth/callback/${SSO_PROVIDER_ID}`;
