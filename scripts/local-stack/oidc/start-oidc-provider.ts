// A real OpenID Provider (`oidc-provider`) for the local stack and the tests: authorization
// code with PKCE, a plain login form, accounts and clients held in memory. Local use only.
// Tests add people and clients at runtime, in process (`addUser`, `addClient`) or through the
// admin endpoints (`POST /__admin/users`, `POST /__admin/clients`, bearer `adminToken`).
import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { errorPage, loginPage } from './pages';
import { Registry, type OidcClient, type OidcUser } from './registry';

export interface StartOidcOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The app's public URL: clients may redirect only to `<appUrl>/api/auth/callback/sso`. */
  appUrl: string;
  users?: OidcUser[];
  clients?: OidcClient[];
  /** Bearer token of the admin endpoints; random when absent. */
  adminToken?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  adminToken: string;
  addUser(user: OidcUser): void;
  addClient(client: OidcClient): void;
  stop(): Promise<void>;
}

export const callbackUrlFor = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/api/auth/callback/sso`;

export async function startOidcProvider(options: StartOidcOptions): Promise<LocalOidcProvider> {
  const registry = new Registry([callbackUrlFor(options.appUrl)]);
  options.users?.forEach((u) => registry.addUser(u));
  options.clients?.forEach((c) => registry.addClient(c));
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, configuration(registry, port));
  const oidc = provider.callback();

  server.on('request', (req, res) => {
    handle(req, res).catch((e) => {
      console.error('[oidc] request failed', e);
      if (!res.headersSent) send(res, 500, errorPage('The local IdP failed.', (e as Error).message));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname.startsWith('/__admin/')) return admin(req, res, url.pathname);
    const login = url.pathname.match(/^\/interaction\/([\w-]+)(\/login)?$/);
    if (!login) return oidc(req, res);

    const details = await provider.interactionDetails(req, res);
    const { prompt, params, uid } = details;
    const clientId = String(params.client_id);
    if (login[2] && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('action') === 'cancel') {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      }
      const account = registry.accountByEmail(form.get('email') ?? '');
      const password = Buffer.from(form.get('password') ?? '');
      if (!account || !sameBytes(password, Buffer.from(account.password))) {
        return send(res, 401, loginPage({ uid, clientId, loginHint: form.get('email') ?? '', error: 'Wrong email or password.' }));
      }
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    if (prompt.name === 'login') {
      return send(res, 200, loginPage({ uid, clientId, loginHint: typeof params.login_hint === 'string' ? params.login_hint : undefined }));
    }
    // First-party clients: consent is granted without asking.
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: details.session!.accountId, clientId });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function admin(req: IncomingMessage, res: ServerResponse, path: string) {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (req.method !== 'POST' || !sameBytes(given, Buffer.from(`Bearer ${adminToken}`))) return send(res, 403, 'forbidden', 'text/plain');
    const body = JSON.parse((await readBody(req)) || '{}');
    if (path === '/__admin/users') registry.addUser(body as OidcUser);
    else if (path === '/__admin/clients') registry.addClient(body as OidcClient);
    else return send(res, 404, 'not found', 'text/plain');
    return send(res, 204, '');
  }

  return {
    issuer,
    adminToken,
    addUser: (u) => void registry.addUser(u),
    addClient: (c) => registry.addClient(c),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function configuration(registry: Registry, port: number): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const policy = interactionPolicy.base();
  // Real IdPs show their login form when the signed-in session belongs to someone other than
  // the `login_hint` the app sent; without this a browser stays stuck on the first demo user.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('login_hint_mismatch', 'the session belongs to another user than login_hint', (ctx: KoaContextWithOIDC) => {
      const hint = ctx.oidc.params?.login_hint;
      const current = ctx.oidc.session?.accountId;
      if (typeof hint !== 'string' || !current) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      return registry.accountByEmail(hint)?.sub !== current;
    }),
  );
  return {
    adapter: registry.adapterFactory(),
    findAccount: (_ctx, sub) => {
      const a = registry.accountBySub(sub);
      if (!a) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: a.email, email_verified: a.emailVerified, name: a.name }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope claims in the ID token too: the app reads the profile from it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    pkce: { required: () => true },
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as object), kid: 'local', use: 'sig', alg: 'RS256' }] as never },
    // Browsers do not separate cookies by port: two local IdPs on 127.0.0.1 need their own names.
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `_session_${port}`, interaction: `_interaction_${port}`, resume: `_interaction_resume_${port}` },
    },
    ttl: { Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
  };
}

function sameBytes(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64_000) throw new Error('request body too large');
  }
  return body;
}
