// Runs before every page request: passes the requested path to server components, so a
// protected page that finds no session can send the browser to sign-in and back again.
// Not an authorization layer: every page and action checks the session itself (lib/auth).
import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from '@/lib/auth/request-path';

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico).*)'],
};
