// A SAML sign-in, in three steps.
// 1. start: an AuthnRequest (its id kept in DynamoDB and in this browser's flow cookie) and the
//    redirect to the IdP;
// 2. the ACS: the IdP's cross-site POST. node-saml checks the signature (over the Response or the
//    Assertion) against the tenant's IdP certificates, the audience, recipient, destination,
//    validity window and that InResponseTo answers a request Arbor sent; Arbor refuses a replayed
//    assertion, then keeps the result for the browser and sends it on with a top-level GET;
// 3. complete: the browser returns with its SameSite=Lax flow cookie, which must name the request
//    this response answers; then the same access decision as every sign-in (completeSignIn), or,
//    for a Test connection, the record of what came and what would happen.
import 'server-only';
import { log } from '../observability';
import { SamlStatusError } from '@node-saml/node-saml';
import { completeSignIn, type SignInOutcome } from './complete-sign-in';
import type { SignInFlow } from './sign-in-flow';
import type { SignInFailureCode } from './sign-in-failures';
import { getConnection, type SamlConnection } from '../sso/connection';
import { recordSignInFailure, recordSignInSuccess } from '../sso/health';
import { predictSignIn, recordTestResult } from './test-connection';
import { platformDb, tenancy, tenantDb } from '../tenancy';
import { samlPerson } from '../saml/person';
import { firstUseOfAssertion, keepVerifiedResponse, requestStore, takeVerifiedResponse } from '../saml/request-store';
import { xmlShapeRefusal } from '../saml/xml-shape';
import { assertionIdentity, deliveredHere, profileAttributes, serviceProvider, serviceProviderUrls } from '../saml/service-provider';

/** Entra's responses with many groups run to a few hundred KB; nothing real is near this. */
export const MAX_SAML_RESPONSE_CHARS = 1_000_000;

async function samlConnection(tenantId: string): Promise<SamlConnection | undefined> {
  const connection = await getConnection(platformDb(), tenantId);
  return connection?.protocol === 'saml' ? connection : undefined;
}

/** The IdP URL carrying a new AuthnRequest, and the flow that remembers it. */
export async function startSamlSignIn(flow: SignInFlow, connection: SamlConnection, returnTo: string): Promise<{ url: string; flow: SignInFlow }> {
  const requests = requestStore(await tenantDb(connection.tenantId));
  let requestId = '';
  const save = requests.saveAsync;
  requests.saveAsync = (id, value) => ((requestId = id), save(id, value));
  const url = await serviceProvider(connection, requests).getAuthorizeUrlAsync('', undefined, {});
  return { url, flow: { ...flow, saml: { requestId, returnTo } } };
}

export type AcsOutcome = { ok: true; ref: string } | { ok: false; code: SignInFailureCode };

/** Step 2: checks the posted response for this tenant; nothing about the browser is known yet. */
export async function receiveSamlResponse(tenantId: string, samlResponse: unknown): Promise<AcsOutcome> {
  const connection = await samlConnection(tenantId);
  if (!connection) return { ok: false, code: 'sso.notConfigured' };
  const db = await tenantDb(tenantId);
  const fail = async (code: SignInFailureCode, detail?: string) => {
    if (detail) log.warn({ type: 'sso', tenantId, code, detail: detail.slice(0, 300) }, 'saml response refused');
    await recordSignInFailure(db, code);
    return { ok: false as const, code };
  };
  if (typeof samlResponse !== 'string' || !samlResponse) return fail('saml.invalidResponse', 'no SAMLResponse');
  if (samlResponse.length > MAX_SAML_RESPONSE_CHARS) return fail('saml.tooLarge', `${samlResponse.length} characters`);
  // Decoded as node-saml decodes it, so the shape checked is the document it would parse.
  const refusal = xmlShapeRefusal(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (refusal) return fail('saml.unsafeXml', refusal);

  const requests = requestStore(db);
  let profile;
  try {
    ({ profile } = await serviceProvider(connection, requests).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    if (e instanceof SamlStatusError) return fail('idp.error', e.message);
    const message = (e as Error).message ?? '';
    return fail(/InResponseTo is missing/.test(message) ? 'saml.idpInitiatedOff' : 'saml.invalidResponse', message);
  }
  const assertion = profile && assertionIdentity(profile);
  if (!profile || !assertion) return fail('saml.invalidResponse', 'no assertion');
  if (!deliveredHere(profile, serviceProviderUrls(tenantId).acsUrl)) return fail('saml.invalidResponse', 'destination, recipient or status');
  if (!(await firstUseOfAssertion(db, assertion.id, assertion.expiresAt))) return fail('saml.replayed', assertion.id);
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined;
  const ref = await keepVerifiedResponse(db, { ...(inResponseTo ? { inResponseTo } : {}), nameId: String(profile.nameID ?? ''), attributes: profileAttributes(profile) });
  return { ok: true, ref };
}

export type CompleteOutcome =
  | { kind: 'session'; outcome: Extract<SignInOutcome, { ok: true }>; returnTo: string }
  | { kind: 'tested'; returnTo: string }
  | { kind: 'failed'; code: SignInFailureCode };

/** Step 3: the browser is back; its flow must be the one that sent the request answered. */
export async function finishSamlSignIn(tenantId: string, ref: string, browserFlow: SignInFlow | undefined, device?: string): Promise<CompleteOutcome> {
  // A flow the browser holds for another tenant's sign-in has nothing to say about this one.
  const flow = browserFlow?.tenantId === tenantId ? browserFlow : undefined;
  const db = await tenantDb(tenantId);
  const response = await takeVerifiedResponse(db, ref);
  if (!response) return { kind: 'failed', code: 'sso.flowExpired' };
  const fail = async (code: SignInFailureCode) => (await recordSignInFailure(db, code), { kind: 'failed' as const, code });
  if (response.inResponseTo && flow?.saml?.requestId !== response.inResponseTo) return fail('sso.stateMismatch');
  const connection = await samlConnection(tenantId);
  const test = response.inResponseTo ? flow?.test : undefined;
  if (!connection || !(connection.enabled || test)) return fail('sso.notConfigured');
  const read = samlPerson(connection, response);

  if (test) {
    await recordTestResult(db, {
      testId: test.testId, protocol: 'saml', at: new Date().toISOString(),
      received: { nameId: response.nameId, attributes: response.attributes },
      ...(read.ok ? { person: { email: read.person.email, name: read.person.name ?? '', groups: read.person.groups } } : {}),
      outcome: read.ok ? await predictSignIn(platformDb(), db, connection, read.person.email) : { ok: false, code: read.code },
    });
    return { kind: 'tested', returnTo: test.returnTo };
  }
  if (!read.ok) return fail(read.code);
  const t = tenancy();
  const outcome = await completeSignIn(
    { platform: t.platformDb(), tenantDb: (id, o) => t.tenantDb(id, o) },
    { tenantId, connection, claims: { email: read.person.email, email_verified: true, name: read.person.name }, continues: flow?.continues, device },
  );
  if (!outcome.ok) return fail(outcome.code);
  await recordSignInSuccess(db, read.person.email);
  return { kind: 'session', outcome, returnTo: flow?.saml?.returnTo ?? '/select-tenant' };
}
