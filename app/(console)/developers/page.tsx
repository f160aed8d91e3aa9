// /developers – the API reference (every member), rendered on the server from the OpenAPI document
// the API serves; owners and admins also get links to where keys and webhooks are managed.
import { actorContext } from '@/lib/api/with-actor';
import { can } from '@/lib/authz';
import { config } from '@/lib/config';
import { openApiDocument } from '@/lib/openapi';
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { ApiReferenceView } from '@/components/developers/api-reference';
import { apiReferenceOf } from '@/components/developers/reference-model';

export const metadata = { title: 'API reference – Arbor' };

export default async function DevelopersPage() {
  const ctx = await actorContext();
  ctx.authorize('tenant.read', {});
  return (
    <ApiReferenceView
      reference={apiReferenceOf(openApiDocument())}
      origin={new URL(config().ARBOR_APP_URL).origin}
      canManage={can(ctx.actor, 'integrations.manage', {})}
      events={WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }))}
    />
  );
}
