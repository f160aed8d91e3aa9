// The local SAML IdP's pages, in the OIDC IdP's look: the login form and the page that carries
// the SAML Response to the app (HTTP-POST binding). Errors use the OIDC IdP's `errorPage`.
import { escape, layout } from '../oidc/pages';

export function samlLoginPage(input: { requestId: string; audience: string; email?: string; error?: string }) {
  return layout(
    'Sign in – Arbor local SAML IdP',
    `<h1>Arbor local SAML IdP</h1>
<p>Demo SAML identity provider for <strong>${escape(input.audience)}</strong>. Demo accounts are listed in the README.</p>
${input.error ? `<p role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="/sso/login" autocomplete="off">
  <input type="hidden" name="request" value="${escape(input.requestId)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required value="${escape(input.email)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required ${input.email ? 'autofocus' : ''}>
  <div class="row">
    <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    <button type="submit" name="action" value="login" class="primary">Sign in</button>
  </div>
</form>`,
  );
}

/** Posts `SAMLResponse` (and `RelayState`) to the ACS URL: at once with JavaScript, by a button without. */
export function postResponsePage(input: { acsUrl: string; samlResponse: string; relayState?: string }) {
  return layout(
    'Signing in – Arbor local SAML IdP',
    `<h1>Signing you in…</h1>
<p>Returning to the application.</p>
<form method="post" action="${escape(input.acsUrl)}">
  <input type="hidden" name="SAMLResponse" value="${escape(input.samlResponse)}">
  ${input.relayState !== undefined ? `<input type="hidden" name="RelayState" value="${escape(input.relayState)}">` : ''}
  <div class="row"><button type="submit" class="primary">Continue</button></div>
</form>
<script>document.forms[0].submit()</script>`,
  );
}
