// /scim/v2/… – the SCIM 2.0 endpoint for a company's identity provider (Entra ID, Okta): a bearer
// token of one organization, no session (lib/scim, docs/scim.md)
import { handleScimRequest } from '@/lib/scim';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path?: string[] }> };

const handle = async (request: Request, context: Context) => handleScimRequest(request, (await context.params).path ?? []);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
