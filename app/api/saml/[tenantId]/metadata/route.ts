// GET /api/saml/<tenantId>/metadata – the SP metadata the tenant's IdP imports (public, as
// every SP's is): entity id, ACS URL, signing certificate.
import { samlMetadataResponse } from '@/lib/auth/saml-flow';
import { withRequestLog } from '@/lib/observability';

export const GET = withRequestLog(async (_req: Request, ctx: { params: Promise<{ tenantId: string }> }) => samlMetadataResponse((await ctx.params).tenantId));
