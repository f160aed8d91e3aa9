'use client';
// What a new API key may call, chosen in words: everything its role allows, or only the check API.
import { ChoiceGroup } from '@/components/ui/choice-group';
import type { ApiKeyView } from '@/lib/screens/api-keys';

export type KeyAccess = ApiKeyView['scope'];

export const KEY_ACCESS_WORDS: Record<KeyAccess, { label: string; hint: string }> = {
  full: { label: 'Full access', hint: 'Reads and changes what its role allows.' },
  check: { label: 'Checks only', hint: 'May ask who may do what, where its role lets it explain access; can change nothing.' },
};

const CHOICES = (['full', 'check'] as const).map((access) => ({ value: access, ...KEY_ACCESS_WORDS[access] }));

export function KeyAccessPicker({ value, onChange }: { value: KeyAccess; onChange: (access: KeyAccess) => void }) {
  return <ChoiceGroup legend="Access" name="api-key-access" choices={CHOICES} value={value} onChange={onChange} />;
}
