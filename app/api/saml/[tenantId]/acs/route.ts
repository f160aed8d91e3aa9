// POST /api/saml/<tenantId>/acs – the tenant's SAML assertion consumer service: the IdP's
// response, checked for this tenant (lib/auth/saml-flow.ts, lib/saml).
import { handleSamlAcs } from '@/lib/auth/saml-flow';
import { withRequestLog } from '@/lib/observability';

export const POST = withRequestLog(async (req: Request, ctx: { params: Promise<{ tenantId: string }> }) => handleSamlAcs(req, (await ctx.params).tenantId));
