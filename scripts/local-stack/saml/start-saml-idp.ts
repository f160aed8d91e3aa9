// A real SAML 2.0 identity provider for the local stack and the tests: SP-initiated sign-in
// (AuthnRequest by HTTP-Redirect or HTTP-POST), IdP-initiated sign-in, a plain login form, and
// Responses posted back to the app with both the Assertion and the Response signed (one builder:
// ./forge-response.ts). People are held in memory; tests add their own in process (`addUser`) or
// through `POST /__admin/users` (bearer `adminToken`). The signing key is new on every start and
// handed out (`privateKey`) so attack tests can forge responses the app must refuse. Local use only.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import selfsigned from 'selfsigned';
import { errorPage } from '../oidc/pages';
import { buildSamlResponse, encodeSamlResponse, NAMEID_FORMAT_EMAIL, parseXml, SAML_NS, SAML_STATUS } from './forge-response';
import { postResponsePage, samlLoginPage } from './pages';

export interface SamlUser {
  email: string;
  name: string;
  password: string;
  /** Default: the first word of `name`. */
  givenName?: string;
  /** Default: the rest of `name`. */
  familyName?: string;
  groups?: string[];
}

export interface StartSamlOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The app's public URL: responses are posted only to ACS URLs under it. */
  appUrl: string;
  users?: SamlUser[];
  /** Bearer token of the admin endpoint; random when absent. */
  adminToken?: string;
}

export interface LocalSamlIdp {
  /** `http://127.0.0.1:<port>/metadata`: the IdP's entity id, and where its metadata is served. */
  entityId: string;
  metadataUrl: string;
  /** SingleSignOnService for both the HTTP-Redirect and the HTTP-POST binding. */
  ssoUrl: string;
  /** PEM of the self-signed signing certificate (the SP's `idpCert`). */
  certificate: string;
  /** PEM of the signing key, so that tests can forge (./forge-response.ts). */
  privateKey: string;
  adminToken: string;
  addUser(user: SamlUser): void;
  stop(): Promise<void>;
}

/** A sign-in waiting for the login form: where the response goes and what it answers. */
interface PendingSignIn {
  acsUrl: string;
  audience: string;
  /** The AuthnRequest's ID; absent for IdP-initiated sign-in. */
  inResponseTo?: string;
  relayState?: string;
  expiresAt: number;
}

const HTTP_POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const HTTP_REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BODY_LIMIT = 64 * 1024;
const SIGN_IN_TTL_MS = 10 * 60_000;

export async function startSamlIdp(options: StartSamlOptions): Promise<LocalSamlIdp> {
  const users = new Map<string, SamlUser>();
  const addUser = (user: SamlUser) => {
    const email = user.email.trim().toLowerCase();
    users.set(email, { ...user, email });
  };
  options.users?.forEach(addUser);
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  const { privateKey, certificate } = await signingKey();
  const pending = new Map<string, PendingSignIn>();

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;

  server.on('request', (req, res) => {
    handle(req, res).catch((e) => {
      if (e instanceof BodyTooLarge) return send(res, 413, 'request body too large', 'text/plain', { connection: 'close' });
      console.error('[saml] request failed', e);
      if (!res.headersSent) send(res, 500, errorPage('The local SAML IdP failed.', (e as Error).message));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/__admin/')) return admin(req, res, url.pathname);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /metadata':
        return send(res, 200, metadataXml(entityId, ssoUrl, certificate), 'application/samlmetadata+xml; charset=utf-8');
      case 'GET /sso':
        return spInitiated(res, url.searchParams, 'redirect');
      case 'POST /sso':
        return spInitiated(res, new URLSearchParams(await readBody(req)), 'post');
      case 'GET /idp-initiated':
        return idpInitiated(res, url.searchParams);
      case 'POST /sso/login':
        return login(res, new URLSearchParams(await readBody(req)));
    }
    return send(res, 404, errorPage('Not found.', `${req.method} ${url.pathname} is not a page of the local SAML IdP.`));
  }

  function spInitiated(res: ServerResponse, params: URLSearchParams, binding: 'redirect' | 'post') {
    const encoded = params.get('SAMLRequest');
    if (!encoded) return send(res, 400, errorPage('No SAMLRequest.', 'Start the sign-in from the application.'));
    let request: AuthnRequest;
    try {
      request = parseAuthnRequest(decodeSamlRequest(encoded, binding));
    } catch (e) {
      return send(res, 400, errorPage('The AuthnRequest could not be read.', (e as Error).message));
    }
    if (!underAppUrl(request.acsUrl, options.appUrl)) {
      return send(res, 400, errorPage('Unknown AssertionConsumerServiceURL.', `${request.acsUrl} is not under ${options.appUrl}.`));
    }
    if (request.protocolBinding && request.protocolBinding !== HTTP_POST_BINDING) {
      return send(res, 400, errorPage('Unsupported ProtocolBinding.', 'This IdP answers with the HTTP-POST binding only.'));
    }
    const signIn = { acsUrl: request.acsUrl, audience: request.issuer, inResponseTo: request.id, relayState: params.get('RelayState') ?? undefined };
    // Nobody is ever signed in here, so a passive request can only fail.
    if (request.isPassive) return postFailure(res, signIn, SAML_STATUS.noPassive, 'Passive sign-in is not possible: nobody is signed in.');
    return showLogin(res, signIn);
  }

  function idpInitiated(res: ServerResponse, params: URLSearchParams) {
    const acsUrl = params.get('acs') ?? '';
    const audience = params.get('audience') ?? '';
    if (!acsUrl || !audience) return send(res, 400, errorPage('Missing parameters.', 'IdP-initiated sign-in needs ?acs=<ACS URL>&audience=<SP entity id>.'));
    if (!underAppUrl(acsUrl, options.appUrl)) return send(res, 400, errorPage('Unknown ACS URL.', `${acsUrl} is not under ${options.appUrl}.`));
    return showLogin(res, { acsUrl, audience, relayState: params.get('relayState') ?? undefined });
  }

  function showLogin(res: ServerResponse, signIn: Omit<PendingSignIn, 'expiresAt'>) {
    const now = Date.now();
    for (const [id, p] of pending) if (p.expiresAt < now) pending.delete(id);
    const requestId = randomBytes(18).toString('base64url');
    pending.set(requestId, { ...signIn, expiresAt: now + SIGN_IN_TTL_MS });
    return send(res, 200, samlLoginPage({ requestId, audience: signIn.audience }));
  }

  function login(res: ServerResponse, form: URLSearchParams) {
    const requestId = form.get('request') ?? '';
    const signIn = pending.get(requestId);
    if (!signIn || signIn.expiresAt < Date.now()) {
      pending.delete(requestId);
      return send(res, 400, errorPage('This sign-in has expired.', 'Start again from the application.'));
    }
    if (form.get('action') === 'cancel') {
      pending.delete(requestId);
      return postFailure(res, signIn, SAML_STATUS.authnFailed, 'The user cancelled the sign-in.');
    }
    const email = form.get('email') ?? '';
    const user = users.get(email.trim().toLowerCase());
    if (!user || !sameBytes(Buffer.from(form.get('password') ?? ''), Buffer.from(user.password))) {
      return send(res, 401, samlLoginPage({ requestId, audience: signIn.audience, email, error: 'Wrong email or password.' }));
    }
    pending.delete(requestId);
    const xml = buildSamlResponse({
      idpEntityId: entityId, privateKey, certificate,
      acsUrl: signIn.acsUrl, audience: signIn.audience, inResponseTo: signIn.inResponseTo,
      nameId: user.email, nameIdFormat: NAMEID_FORMAT_EMAIL, attributes: attributesOf(user),
    });
    return send(res, 200, postResponsePage({ acsUrl: signIn.acsUrl, samlResponse: encodeSamlResponse(xml), relayState: signIn.relayState }));
  }

  /** A signed Response without assertion: top-level Responder with `subStatus` (AuthnFailed, NoPassive). */
  function postFailure(res: ServerResponse, signIn: Omit<PendingSignIn, 'expiresAt'>, subStatus: string, message: string) {
    const xml = buildSamlResponse({
      idpEntityId: entityId, privateKey, certificate,
      acsUrl: signIn.acsUrl, audience: signIn.audience, inResponseTo: signIn.inResponseTo, nameId: '',
      status: SAML_STATUS.responder, subStatus, statusMessage: message, sign: { response: true, assertion: false },
    });
    return send(res, 200, postResponsePage({ acsUrl: signIn.acsUrl, samlResponse: encodeSamlResponse(xml), relayState: signIn.relayState }));
  }

  async function admin(req: IncomingMessage, res: ServerResponse, path: string) {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (req.method !== 'POST' || !sameBytes(given, Buffer.from(`Bearer ${adminToken}`))) return send(res, 403, 'forbidden', 'text/plain');
    if (path !== '/__admin/users') return send(res, 404, 'not found', 'text/plain');
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text || '{}');
    } catch {
      return send(res, 400, 'the body is not JSON', 'text/plain');
    }
    if (!isSamlUser(body)) return send(res, 400, 'a user needs string email, name and password (givenName, familyName, groups optional)', 'text/plain');
    addUser(body);
    return send(res, 204, '');
  }

  return {
    entityId,
    metadataUrl: entityId,
    ssoUrl,
    certificate,
    privateKey,
    adminToken,
    addUser,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A fresh RSA-2048 key and a self-signed SHA-256 certificate for it, valid for ten years. */
async function signingKey() {
  const day = 86_400_000;
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'Arbor local SAML IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - day),
    notAfterDate: new Date(Date.now() + 3650 * day),
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

function attributesOf(user: SamlUser): Record<string, string | string[]> {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  const givenName = user.givenName ?? first;
  const familyName = user.familyName ?? rest.join(' ');
  return {
    email: user.email,
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    displayName: user.name,
    groups: user.groups ?? [],
  };
}

interface AuthnRequest {
  id: string;
  /** The SP's entity id. */
  issuer: string;
  acsUrl: string;
  protocolBinding?: string;
  isPassive: boolean;
}

/**
 * Base64, and deflated for HTTP-Redirect. HTTP-POST should not be deflated, but some SPs
 * (node-saml among them) deflate there too: plain XML is taken as is, anything else inflated.
 */
function decodeSamlRequest(encoded: string, binding: 'redirect' | 'post') {
  const raw = Buffer.from(encoded, 'base64');
  if (binding === 'post' && raw.toString('utf8').trimStart().startsWith('<')) return raw.toString('utf8');
  return inflateRawSync(raw, { maxOutputLength: BODY_LIMIT }).toString('utf8');
}

function parseAuthnRequest(xml: string): AuthnRequest {
  const root = parseXml(xml).documentElement;
  if (!root || root.localName !== 'AuthnRequest' || root.namespaceURI !== SAML_NS.protocol) throw new Error('The message is not a samlp:AuthnRequest.');
  const issuer = Array.from(root.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'Issuer' && (n as Element).namespaceURI === SAML_NS.assertion);
  const request = {
    id: root.getAttribute('ID') ?? '',
    issuer: issuer?.textContent?.trim() ?? '',
    acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '',
    protocolBinding: root.getAttribute('ProtocolBinding') || undefined,
    isPassive: root.getAttribute('IsPassive') === 'true',
  };
  if (!request.id) throw new Error('The AuthnRequest has no ID.');
  if (!request.issuer) throw new Error('The AuthnRequest has no Issuer (the SP entity id).');
  if (!request.acsUrl) throw new Error('The AuthnRequest has no AssertionConsumerServiceURL (this IdP knows no SP metadata).');
  return request;
}

/** Like a registered redirect URI: same origin as the app and a path under the app's. */
function underAppUrl(candidate: string, appUrl: string) {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const app = new URL(appUrl);
  const basePath = `${app.pathname.replace(/\/+$/, '')}/`;
  return url.origin === app.origin && url.pathname.startsWith(basePath) && !url.username && !url.password;
}

function metadataXml(entityId: string, ssoUrl: string, certificate: string) {
  const cert = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
  const xmlAttr = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${xmlAttr(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${SAML_NS.protocol}">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>${NAMEID_FORMAT_EMAIL}</md:NameIDFormat>
    <md:SingleSignOnService Binding="${HTTP_REDIRECT_BINDING}" Location="${xmlAttr(ssoUrl)}"/>
    <md:SingleSignOnService Binding="${HTTP_POST_BINDING}" Location="${xmlAttr(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

function isSamlUser(v: unknown): v is SamlUser {
  const u = v as Record<string, unknown>;
  const optionalString = (x: unknown) => x === undefined || typeof x === 'string';
  return (
    typeof u === 'object' && u !== null &&
    typeof u.email === 'string' && u.email.includes('@') && typeof u.name === 'string' && typeof u.password === 'string' &&
    optionalString(u.givenName) && optionalString(u.familyName) &&
    (u.groups === undefined || (Array.isArray(u.groups) && u.groups.every((g) => typeof g === 'string')))
  );
}

function sameBytes(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8', headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

class BodyTooLarge extends Error {}

/** The request body, at most 64 KB (a larger one is read to its end and refused). */
function readBody(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => (size > BODY_LIMIT ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}
