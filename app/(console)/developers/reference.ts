// What every page of the API reference reads: the reference itself, built once per server from
// the OpenAPI document (the same for every organization and member), after the one permission
// the reference asks for; whether the reader may manage keys and webhooks; and the webhook event
// types the guide lists.
import { actorContext } from '@/lib/api/with-actor';
import { can } from '@/lib/authz';
import { openApiDocument } from '@/lib/openapi';
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { apiReferenceOf, type ApiReference } from '@/components/developers/reference-model';

const events = WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }));

let built: ApiReference | undefined;

export async function readReference() {
  const ctx = await actorContext();
  ctx.authorize('tenant.read', {});
  return { reference: (built ??= apiReferenceOf(openApiDocument())), canManage: can(ctx.actor, 'integrations.manage', {}), events };
}
