// SAML's HTTP steps around lib/saml, with the cookies they read and write.
// The sign-in starts through next-auth's client exactly as an OIDC one does (`signIn('sso')`):
// for a SAML flow the auth route answers its providers and sign-in requests itself, so the
// sign-in page, invitations and the tenant switch need not know which protocol a tenant uses.
import 'server-only';
import type { NextRequest } from 'next/server';
import { config } from '../config';
import { serviceProviderMetadata } from '../saml';
import { finishSamlSignIn, MAX_SAML_RESPONSE_CHARS, receiveSamlResponse, startSamlSignIn } from './saml-sign-in';
import { readFormUpTo } from '../security/read-body';
import { getConnection, type SamlConnection } from '../sso';
import { platformDb } from '../tenancy';
import { errorPageUrl } from './auth-options';
import { flowCookieName, HAD_SESSION_MAX_AGE, hadSessionCookieName, sessionCookieName, setCookieHeader } from './cookies';
import { safeReturnTo } from './return-to';
import { decodeFlow, encodeFlow, FLOW_MAX_AGE, type SignInFlow } from './sign-in-flow';
import { encodeSessionToken } from './session-token';

const appUrl = () => config().ARBOR_APP_URL.replace(/\/+$/, '');
const TENANT_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** The response (base64) and the form's few other fields. */
const MAX_POST_BYTES = MAX_SAML_RESPONSE_CHARS + 16 * 1024;
const MAX_SIGN_IN_POST_BYTES = 64 * 1024;

const redirect = (location: string, status = 302, cookies: string[] = []) => {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const c of cookies) headers.append('set-cookie', c);
  return new Response(null, { status, headers });
};
const clearFlow = () => setCookieHeader(flowCookieName(), '', 0);

/** next-auth's client asks which providers exist before signing in: `sso`, as for OIDC. */
export function samlProviders(): Response {
  const url = appUrl();
  return Response.json({ sso: { id: 'sso', name: 'Single sign-on', type: 'oauth', signinUrl: `${url}/api/auth/signin/sso`, callbackUrl: `${url}/api/auth/callback/sso` } });
}

/** next-auth's `POST /api/auth/signin/sso` for a SAML flow: the IdP URL, and the flow that remembers the request. */
export async function samlSignInRedirect(req: NextRequest, flow: SignInFlow, connection: SamlConnection): Promise<Response> {
  // next-auth's client posts a few short fields; a return address longer than the rule keeps is `/` anyway.
  const posted = await readFormUpTo(req, MAX_SIGN_IN_POST_BYTES);
  const returnTo = safeReturnTo(posted.tooLarge ? undefined : posted.form?.get('callbackUrl'));
  const started = await startSamlSignIn(flow, connection, returnTo);
  const headers = new Headers({ 'cache-control': 'no-store' });
  headers.append('set-cookie', setCookieHeader(flowCookieName(), await encodeFlow(started.flow), FLOW_MAX_AGE));
  return Response.json({ url: started.url }, { headers });
}

/** `POST /api/saml/<tenantId>/acs`: the IdP's response, then on to /complete with a top-level GET. */
export async function handleSamlAcs(req: Request, tenantId: string): Promise<Response> {
  if (!TENANT_ID.test(tenantId)) return redirect(errorPageUrl('sso.notConfigured'), 303);
  // Content-Length is only a hint (a chunked body has none): the read itself stops at the cap.
  const posted = await readFormUpTo(req, MAX_POST_BYTES);
  if (posted.tooLarge) return redirect(errorPageUrl('saml.tooLarge'), 303);
  const outcome = await receiveSamlResponse(tenantId, posted.form?.get('SAMLResponse'));
  if (!outcome.ok) return redirect(errorPageUrl(outcome.code), 303);
  return redirect(`/api/saml/${tenantId}/complete?ref=${outcome.ref}`, 303);
}

/** `GET /api/saml/<tenantId>/complete`: this browser's flow meets the verified response. */
export async function handleSamlComplete(req: NextRequest, tenantId: string): Promise<Response> {
  if (!TENANT_ID.test(tenantId)) return redirect(errorPageUrl('sso.flowExpired'));
  const flow = await decodeFlow(req.cookies.get(flowCookieName())?.value);
  const ref = req.nextUrl.searchParams.get('ref') ?? '';
  const done = await finishSamlSignIn(tenantId, ref, flow, req.headers.get('user-agent') ?? undefined);
  if (done.kind === 'failed') return redirect(errorPageUrl(done.code), 302, [clearFlow()]);
  if (done.kind === 'tested') return redirect(safeReturnTo(done.returnTo), 302, [clearFlow()]);
  const maxAge = config().ARBOR_SESSION_MAX_AGE;
  return redirect(safeReturnTo(done.returnTo), 302, [
    clearFlow(),
    setCookieHeader(sessionCookieName(), await encodeSessionToken(done.outcome.session, maxAge), maxAge),
    setCookieHeader(hadSessionCookieName(), '1', HAD_SESSION_MAX_AGE),
  ]);
}

/** `GET /api/saml/<tenantId>/metadata`: 404 unless the tenant's connection is SAML. */
export async function samlMetadataResponse(tenantId: string): Promise<Response> {
  const connection = TENANT_ID.test(tenantId) ? await getConnection(platformDb(), tenantId) : undefined;
  if (connection?.protocol !== 'saml') return new Response('No SAML connection here.', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(serviceProviderMetadata(connection), {
    headers: { 'content-type': 'application/samlmetadata+xml', 'cache-control': 'public, max-age=300', 'content-disposition': 'inline; filename="arbor-sp-metadata.xml"' },
  });
}
