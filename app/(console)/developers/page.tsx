// /developers – the API reference's front page (every member): the guide and the index of the
// API's areas, rendered on the server from the OpenAPI document the API serves; owners and admins
// also get links to where keys and webhooks are managed.
import { config } from '@/lib/config';
import { ApiReferenceView } from '@/components/developers/api-reference';
import { readReference } from './reference';

export const metadata = { title: 'API reference – Arbor' };

export default async function DevelopersPage() {
  const { reference, canManage, events } = await readReference();
  return (
    <ApiReferenceView
      reference={reference}
      origin={new URL(config().ARBOR_APP_URL).origin}
      canManage={canManage}
      events={events}
    />
  );
}
