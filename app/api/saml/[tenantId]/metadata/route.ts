// GET /api/saml/<tenantId>/metadata – the SP metadata the tenant's IdP imports (public, as
// every SP's is): entity id, ACS URL, signing certificate.
import { samlMetadataResponse } from '@/lib/auth/saml-flow';

export const GET = async (_req: Request, ctx: { params: Promise<{ tenantId: string }> }) => samlMetadataResponse((await ctx.params).tenantId);
