// Sign-in and sessions: next-auth with one `sso` provider built per request from the tenant's
// connection (see docs/sso.md), the session cookie, and the actor every server entry point loads.
export {
  getSession, loadActor, refreshOrganizations, requireActor, requireSession, setActiveTenant, startSignInFlow, endSession, switchTenant, REQUEST_PATH_HEADER,
  type SwitchTenantResult,
} from './session';
export type { RequestActor } from '../members';
export type { Authorizing } from './authorizing';
export type { Session, SessionClaims, SessionState } from './session-token';
export { encodeSessionToken, decodeSessionToken } from './session-token';
export { sessionCookieName } from './cookies';
export { SIGN_IN_FAILURES, isSignInFailureCode, type SignInFailureCode } from './sign-in-failures';
