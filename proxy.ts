// Runs before every request except static assets, in this order:
// 1. The cross-site request rule (lib/security/request-origin): a state-changing request from
//    anywhere but Arbor's own pages, or a JSON API call that is not JSON, ends here with a 403,
//    before any route handler or server action runs.
// 2. Pages learn the requested path, so a protected page that finds no session can send the
//    browser to sign-in and back again.
// Not an authorization layer: every page, route and action checks the session itself (lib/auth).
import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from '@/lib/auth/request-path';
import { config as appConfig } from '@/lib/config';
import { errorResponse } from '@/lib/errors/http';
import { refuseForgedRequest } from '@/lib/security/request-origin';

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const appOrigin = new URL(appConfig().ARBOR_APP_URL).origin;

  const refusal = refuseForgedRequest({ method: request.method, pathname, headers: request.headers }, appOrigin);
  if (refusal) return errorResponse(refusal);

  if (pathname.startsWith('/api/')) return NextResponse.next();

  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Everything but the build's static files: the JSON API and server actions need the request
  // rule as much as pages need the requested path.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
