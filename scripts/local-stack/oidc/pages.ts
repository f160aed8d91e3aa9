// The local IdP's pages: a plain, accessible login form and an error page. The SAML IdP
// (../saml/pages.ts) builds its pages on the same `layout`.
export const escape = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
  body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0}
  main{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:2rem;width:min(22rem,90vw)}
  h1{font-size:1.25rem;margin:0 0 .25rem} p{color:#52525b;font-size:.9rem}
  label{display:block;font-size:.875rem;font-weight:600;margin:.75rem 0 .25rem}
  input{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid #a1a1aa;border-radius:6px;font-size:1rem}
  .row{display:flex;gap:.5rem;margin-top:1.25rem} button{flex:1;padding:.55rem;border-radius:6px;border:1px solid #a1a1aa;background:#fff;font-size:.95rem;cursor:pointer}
  button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff} [role=alert]{color:#b91c1c;font-size:.875rem}
</style></head><body><main>${body}</main></body></html>`;

export function loginPage(input: { uid: string; clientId: string; loginHint?: string; error?: string }) {
  return layout(
    'Sign in – Arbor local IdP',
    `<h1>Arbor local IdP</h1>
<p>Demo identity provider for <strong>${escape(input.clientId)}</strong>. Demo accounts are listed in the README.</p>
${input.error ? `<p role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="/interaction/${escape(input.uid)}/login" autocomplete="off">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required value="${escape(input.loginHint)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required ${input.loginHint ? 'autofocus' : ''}>
  <div class="row">
    <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    <button type="submit" name="action" value="login" class="primary">Sign in</button>
  </div>
</form>`,
  );
}

export function errorPage(error: string, description?: string) {
  return layout('Error – Arbor local IdP', `<h1>Sign-in error</h1><p role="alert">${escape(error)}</p>${description ? `<p>${escape(description)}</p>` : ''}`);
}
