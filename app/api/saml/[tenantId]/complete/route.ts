// GET /api/saml/<tenantId>/complete – the browser back from the ACS with its flow cookie: the
// session, or a Test connection's result (lib/auth/saml-flow.ts).
import type { NextRequest } from 'next/server';
import { handleSamlComplete } from '@/lib/auth/saml-flow';
import { withRequestLog } from '@/lib/observability';

export const GET = withRequestLog(async (req: NextRequest, ctx: { params: Promise<{ tenantId: string }> }) => handleSamlComplete(req, (await ctx.params).tenantId));
