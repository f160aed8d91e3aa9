// Signs in over plain HTTP the way a browser does, so the HTTP section loads pages with a real
// session cookie: discovery through the sign-in page's server action (its id read from the
// build's server-reference manifest), next-auth's CSRF and sign-in endpoints, the local IdP's
// login form, the callback, and the organization picker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flowCookieName, sessionCookieName } from '../../lib/auth/cookies';
import { CookieClient } from './cookie-client';

export interface SignedIn {
  /** The Cookie header that carries the session. */
  cookie: string;
  /** Where the browser ended up after signing in. */
  landedOn: string;
  requests: number;
}

/** The id of a server action in a production build, by source file and export name. */
export function serverActionId(appDir: string, filename: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(join(appDir, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, a]) => a.filename === filename && a.exportedName === exportedName);
  if (!found) throw new Error(`server action ${exportedName} of ${filename} not found in the build`);
  return found[0];
}

export async function signInOverHttp(options: { appUrl: string; appDir: string; email: string; password: string }): Promise<SignedIn> {
  const { appUrl, email } = options;
  const browser = new CookieClient();
  let requests = 0;
  const step = async (what: string, p: Promise<Response>) => {
    requests++;
    const r = await p;
    if (r.status >= 400) throw new Error(`sign-in: ${what} answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
    return r;
  };

  // 1. The work email, through the page's server action (as React posts it: the form's fields
  //    prefixed with `_<reference>_`, and part 0 holding the arguments: previous state, form).
  await (await step('sign-in page', browser.request(`${appUrl}/sign-in`))).arrayBuffer();
  const form = new FormData();
  form.set('_1_email', email);
  form.set('0', JSON.stringify([{ status: 'idle', email: '' }, '$K1']));
  const action = await step(
    'discovery action',
    browser.request(`${appUrl}/sign-in`, {
      method: 'POST',
      // A change must name Arbor's own origin, as a browser does (proxy.ts refuses it otherwise).
      headers: { 'next-action': serverActionId(options.appDir, 'app/(auth)/sign-in/actions.ts', 'beginSignIn'), accept: 'text/x-component', origin: appUrl },
      body: form,
    }),
  );
  const actionBody = await action.text();
  if (!browser.get(flowCookieName())) throw new Error(`sign-in: discovery set no flow cookie: ${actionBody.slice(0, 300)}`);

  // 2. next-auth: CSRF token, then the `sso` sign-in, which answers the IdP's authorization URL.
  const { csrfToken } = (await (await step('csrf', browser.request(`${appUrl}/api/auth/csrf`))).json()) as { csrfToken: string };
  const signIn = await step(
    'sign-in endpoint',
    browser.request(`${appUrl}/api/auth/signin/sso?${new URLSearchParams({ login_hint: email })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: appUrl },
      body: new URLSearchParams({ csrfToken, callbackUrl: `/select-tenant?next=${encodeURIComponent('/')}`, json: 'true' }),
    }),
  );
  const { url: authorizeUrl } = (await signIn.json()) as { url: string };

  // 3. The IdP's login form, posted with the password.
  const login = await browser.follow(authorizeUrl);
  requests++;
  const html = await login.response.text();
  const formAction = /action="([^"]+\/login)"/.exec(html)?.[1];
  if (!formAction) throw new Error(`sign-in: the IdP showed no login form: ${html.slice(0, 300)}`);
  const done = await browser.follow(new URL(formAction.replace(/&amp;/g, '&'), login.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: options.password, action: 'login' }),
  });
  requests++;
  await done.response.arrayBuffer();

  const session = browser.get(sessionCookieName());
  if (!session) throw new Error(`sign-in: no session cookie after the callback (ended on ${done.url}, ${done.response.status})`);
  return { cookie: `${sessionCookieName()}=${session}`, landedOn: new URL(done.url).pathname, requests };
}
