'use client';
// Where a role reaches from the unit it is held on, chosen in words, each with an example.
import { REACHES, type Reach } from '@/lib/authz/role-catalogue';
import { REACH_WORDS } from './reach-words';

export function ReachPicker({ value, onChange }: { value: Reach; onChange: (reach: Reach) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Where it reaches from the unit it is held on</legend>
      {REACHES.map((reach) => (
        <label key={reach} className="flex items-start gap-2 text-sm">
          <input type="radio" name="reach" className="mt-1" value={reach} checked={value === reach} onChange={() => onChange(reach)} />
          <span>
            {REACH_WORDS[reach].label}
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{REACH_WORDS[reach].example}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
