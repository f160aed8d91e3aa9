'use client';
// Picks a unit to move something to in a draft: any unit the actor can see whose name starts with
// what was typed (GET /api/v1/search), shown with its parent. The other end of a move only needs
// to be visible to its author; its administrators approve it.
import { RemoteCombobox } from '@/components/members/remote-combobox';
import { call } from '@/lib/api/client';
import type { SearchHit } from '@/lib/screens/search';

export type UnitHit = Extract<SearchHit, { kind: 'unit' }>;

export function UnitDestinationPicker({ value, onChange, label = 'Destination', exclude }: { value: UnitHit | null; onChange(u: UnitHit | null): void; label?: string; exclude?: string }) {
  return (
    <RemoteCombobox<UnitHit>
      label={label}
      placeholder="Type a unit name"
      value={value}
      onChange={onChange}
      search={async (q, signal) => (await call('search.search', { query: { q }, signal })).filter((h): h is UnitHit => h.kind === 'unit' && h.id !== exclude)}
      keyOf={(u) => u.id}
      display={(u) => u.name}
      emptyText="No unit you can see has that name."
      autoFocus
      renderOption={(u) => (
        <>
          <span className="block">{u.name}</span>
          {u.parentName && <span className="block text-xs text-zinc-600 dark:text-zinc-400">in {u.parentName}</span>}
        </>
      )}
    />
  );
}
