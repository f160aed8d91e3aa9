// /developers/<area> – one area of the API (a tag of the OpenAPI document): a card per operation.
// A slug naming no area answers 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AreaReferenceView } from '@/components/developers/area-reference';
import { areaOf } from '@/components/developers/reference-model';
import { readReference } from '../reference';

type Props = { params: Promise<{ area: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { reference } = await readReference();
  const area = areaOf(reference, (await params).area);
  return { title: area ? `${area.name} – API reference – Arbor` : 'API reference – Arbor' };
}

export default async function DevelopersAreaPage({ params }: Props) {
  const { reference } = await readReference();
  const area = areaOf(reference, (await params).area);
  if (!area) notFound();
  return <AreaReferenceView reference={reference} area={area} />;
}
