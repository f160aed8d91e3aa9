// Setup links: a customer's IT admin sets up sign-in (SSO, domains, directory sync) without an account.
export { createSetupLink, listSetupLinks, revokeSetupLink, setupLinkStatus, MAX_SETUP_LINK_DAYS, type SetupLink, type SetupLinkStatus } from './links';
export { openSetupLink, type SetupSession } from './session';
export { setupCookieName, requireSetupSession } from './entry';
