// The security headers that depend on the request or the deployment, which proxy.ts sets: the
// Content-Security-Policy (a fresh nonce per page) and HSTS (only when the app is served over
// https). The headers that never change (nosniff, X-Frame-Options, Referrer-Policy,
// Permissions-Policy) are next.config.js `headers()`, which Next applies to every response,
// the static assets proxy.ts does not run for included.
// Pure: the caller passes the nonce and what it knows about the deployment.

/** JSON and CSV are never rendered as documents: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Two years, the preload list's minimum; only ever sent over https. */
export const HSTS = 'max-age=63072000; includeSubDomains';

export interface PageCspOptions {
  /** Fresh per request, base64 (proxy.ts). */
  nonce: string;
  /** `next dev`: React's debugging uses eval, and HMR a websocket to the dev server. */
  dev: boolean;
  /** The page's own origin, for the dev websocket (`http://localhost:3000`). */
  origin: string;
  /** The app is served over https (then plain http subresources are upgraded, never loaded). */
  https: boolean;
}

/**
 * The page policy. Scripts run only with this request's nonce (Next puts it on its own scripts
 * when it finds it in the request's CSP header) or when loaded by such a script
 * ('strict-dynamic': Next's runtime adds its chunks itself); 'self' is the fallback for browsers
 * without CSP 3.
 * Styles allow 'unsafe-inline': React renders `style` attributes (the virtualized tree positions
 * every row with one) and sonner injects its stylesheet at run time; a nonce cannot cover a
 * style attribute, and a nonce in style-src would switch 'unsafe-inline' off. Inline style can
 * restyle a page but not run code.
 */
export function pageCsp({ nonce, dev, origin, https }: PageCspOptions): string {
  const websocket = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ` ${websocket}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Arbor's forms post to itself (server actions); sign-in leaves for the IdP by navigation
    // (next-auth answers its sign-in POST with the URL), never by a form, so 'self' holds.
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
