// POST /api/setup/directory/tokens – a directory (SCIM) token for the IT admin's provisioning
// app, shown once; the base URL comes with it
import { z } from 'zod';
import { createScimToken, scimBaseUrl } from '@/lib/scim';
import { withSetupSession } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';
import { field } from '@/lib/validation';

export const POST = withSetupSession({ body: z.strictObject({ label: field.text(240) }), status: 201 }, async ({ session, body }) => ({
  ...(await createScimToken({ tenant: session.db, platform: platformDb() }, { label: body.label, actor: session.actor })),
  baseUrl: scimBaseUrl(),
}));
