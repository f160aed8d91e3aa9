// /developers/schemas – every schema the API reference's operations refer to by name.
import { SchemaReferenceView } from '@/components/developers/schema-reference';
import { readReference } from '../reference';

export const metadata = { title: 'Schemas – API reference – Arbor' };

export default async function DevelopersSchemasPage() {
  const { reference } = await readReference();
  return <SchemaReferenceView reference={reference} />;
}
