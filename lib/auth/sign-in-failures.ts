// Every way signing in can fail, with the words a person sees. One table, used by the error
// page, the sign-in page and the auth route; codes are stable and appear in URLs (never details
// that could leak anything: the page text comes from here, not from the query string).

export const SIGN_IN_FAILURES = {
  'sso.unknownDomain': {
    title: 'We don’t recognise that email domain',
    message: 'No organization on Arbor signs in with that email domain. Check the address, or ask your IT team to set up Arbor.',
  },
  'sso.consumerDomain': {
    title: 'Use your work email',
    message: 'That is a personal email provider. Sign in with the email address your organization gave you.',
  },
  'sso.notConfigured': {
    title: 'Single sign-on is not set up yet',
    message: 'Your organization has not finished setting up single sign-on. Ask your administrator.',
  },
  'idp.unreachable': {
    title: 'Your identity provider is not responding',
    message: 'We could not reach your organization’s identity provider. Try again in a few minutes; if it keeps happening, tell your IT team.',
  },
  'idp.error': {
    title: 'Your identity provider refused the sign-in',
    message: 'Your organization’s identity provider returned an error instead of signing you in (for example because the sign-in was cancelled or you are not assigned to Arbor there).',
  },
  'sso.stateMismatch': {
    title: 'This sign-in link is not valid',
    message: 'The answer from your identity provider did not match a sign-in started in this browser (it may be old, opened in another browser, or tampered with). Start again.',
  },
  'sso.nonceMismatch': {
    title: 'The sign-in could not be verified',
    message: 'The identity token did not match this sign-in attempt, so it was refused. Start again.',
  },
  'sso.flowExpired': {
    title: 'This sign-in took too long',
    message: 'The sign-in attempt expired or was started in another browser. Start again.',
  },
  'sso.callbackFailed': {
    title: 'Signing in did not complete',
    message: 'Something went wrong while finishing your sign-in. Start again; if it keeps happening, tell your IT team.',
  },
  'saml.invalidResponse': {
    title: 'The sign-in could not be verified',
    message: 'The answer from your identity provider was not correctly signed for Arbor, was meant for another application, or has expired. Start again; if it keeps happening, tell your IT team.',
  },
  'saml.tooLarge': {
    title: 'The sign-in answer was too large',
    message: 'The answer from your identity provider was larger than Arbor accepts (1 MB), so it was not read. If you belong to very many groups, ask your IT team to send Arbor only the groups it needs.',
  },
  'saml.unsafeXml': {
    title: 'The sign-in answer was refused',
    message: 'The answer from your identity provider was built in a way Arbor does not read (a document type declaration, or too many or too deeply nested elements), so it was refused unread. Start again; if it keeps happening, tell your IT team.',
  },
  'saml.replayed': {
    title: 'This sign-in was already used',
    message: 'The answer from your identity provider had already been used to sign in, so it was refused. Start again.',
  },
  'saml.idpInitiatedOff': {
    title: 'Start signing in from Arbor',
    message: 'Your organization signs in to Arbor from Arbor’s own sign-in page, not from the identity provider’s app list. Enter your work email there.',
  },
  'email.domainUnproven': {
    title: 'Your email domain is not verified',
    message: 'Your organization has not proven that it owns your email address’s domain, so Arbor cannot sign you in with it. Ask your administrator to verify the domain in Arbor.',
  },
  'email.unverified': {
    title: 'Your email address is not verified',
    message: 'Your identity provider says your email address is not verified, so Arbor cannot tell it is yours. Ask your IT team to verify it.',
  },
  'email.missing': {
    title: 'No email address was shared',
    message: 'Your identity provider did not share your email address with Arbor. Ask your IT team to release the email claim to Arbor.',
  },
  'membership.none': {
    title: 'Your organization requires an invitation',
    message: 'You signed in correctly, but you are not a member of this organization on Arbor and it does not add people automatically. Ask an administrator to invite you.',
  },
  'tenant.notMember': {
    title: 'You no longer have access',
    message: 'You are not a member of this organization anymore. Ask an administrator to add you again, or pick another organization.',
  },
  'tenant.deactivated': {
    title: 'Your account is deactivated',
    message: "Your company's directory deactivated your account in this organization. Ask your IT team if this is a mistake.",
  },
  'session.expired': {
    title: 'Your session expired',
    message: 'You were signed out because your session ended. Sign in again to continue.',
  },
  'session.invalid': {
    title: 'Your session could not be verified',
    message: 'Your sign-in cookie was damaged or altered, so it was not accepted. Sign in again.',
  },
  'session.revoked': {
    title: 'You were signed out',
    message: 'This session was signed out, here or with “Sign out of all devices”. Sign in again to continue.',
  },
} as const satisfies Record<string, { title: string; message: string }>;

export type SignInFailureCode = keyof typeof SIGN_IN_FAILURES;

export const isSignInFailureCode = (code: unknown): code is SignInFailureCode =>
  typeof code === 'string' && Object.hasOwn(SIGN_IN_FAILURES, code);

/** next-auth's own error names (`?error=`) mapped onto ours, for anything it reports itself. */
export function failureFromNextAuthError(error: unknown): SignInFailureCode {
  if (isSignInFailureCode(error)) return error;
  switch (error) {
    case 'OAuthSignin':
      return 'idp.unreachable';
    case 'AccessDenied':
      return 'membership.none';
    case 'SessionRequired':
      return 'session.expired';
    default:
      return 'sso.callbackFailed';
  }
}
