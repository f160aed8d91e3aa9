'use client';
// Picks a unit to place someone in: units whose name starts with what was typed, where the
// actor may add or invite people (GET /api/v1/members/units), shown with their parents.
import { call } from '@/lib/api/client';
import type { UnitOption } from '@/lib/screens/members';
import { RemoteCombobox } from './remote-combobox';

export function UnitPicker({ value, onChange, label = 'Unit', hideLabel }: { value: UnitOption | null; onChange: (u: UnitOption | null) => void; label?: string; hideLabel?: boolean }) {
  return (
    <RemoteCombobox<UnitOption>
      label={label}
      hideLabel={hideLabel}
      placeholder="Type a unit name"
      value={value}
      onChange={onChange}
      search={async (q, signal) => (await call('members.placeableUnits', { query: { q }, signal })).units}
      keyOf={(u) => u.id}
      display={(u) => u.name}
      emptyText="No unit with that name where you can place people."
      renderOption={(u) => (
        <>
          <span className="block">{u.name}</span>
          {u.parents.length > 0 && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{u.parents.join(' / ')}</span>}
        </>
      )}
    />
  );
}
