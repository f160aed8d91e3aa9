'use client';
// What a new API key may call, chosen in words: everything its role allows, or only the check API.
import type { ApiKeyView } from '@/lib/screens/api-keys';

export type KeyAccess = ApiKeyView['scope'];

export const KEY_ACCESS_WORDS: Record<KeyAccess, { label: string; hint: string }> = {
  full: { label: 'Full access', hint: 'Reads and changes what its role allows.' },
  check: { label: 'Checks only', hint: 'May ask who may do what, where its role lets it explain access; can change nothing.' },
};

export function KeyAccessPicker({ value, onChange }: { value: KeyAccess; onChange: (access: KeyAccess) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Access</legend>
      {(Object.keys(KEY_ACCESS_WORDS) as KeyAccess[]).map((access) => (
        <label key={access} className="flex items-start gap-2 text-sm">
          <input type="radio" name="api-key-access" className="mt-1" value={access} checked={value === access} onChange={() => onChange(access)} />
          <span>
            {KEY_ACCESS_WORDS[access].label}
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{KEY_ACCESS_WORDS[access].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
