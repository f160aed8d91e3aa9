// GET /setup/<token> – a setup link opened: this browser gets the link's one session (a cookie
// until the link expires) and goes on to /setup; anything else ends on /setup/ended.
import type { NextRequest } from 'next/server';
import { setCookieHeader } from '@/lib/auth/cookies';
import { isArborError } from '@/lib/errors';
import { withRequestLog } from '@/lib/observability';
import { openSetupLink, setupCookieName } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';

export const dynamic = 'force-dynamic';

export const GET = withRequestLog(async (req: NextRequest, ctx: { params: Promise<{ token: string }> }) => {
  const { token } = await ctx.params;
  try {
    const { cookie, maxAge } = await openSetupLink(platformDb(), token, req.cookies.get(setupCookieName())?.value);
    const response = new Response(null, { status: 303, headers: { location: '/setup', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
    response.headers.append('set-cookie', setCookieHeader(setupCookieName(), cookie, maxAge));
    return response;
  } catch (e) {
    if (!isArborError(e)) throw e;
    return new Response(null, { status: 303, headers: { location: '/setup/ended', 'cache-control': 'no-store' } });
  }
  // The token is a secret: the line names the route, never the path.
}, { route: '/setup/{token}' });
