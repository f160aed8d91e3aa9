'use client';
// Custom roles to give beside the built-in one (docs/roles.md), as a disclosure of checkboxes:
// closed it says what is picked, so a row of a form stays one line even with many roles defined.
import { ROLE_LIMITS } from '@/lib/authz/role-catalogue';

export interface CustomRoleChoice {
  key: string;
  name: string;
}

export interface CustomRolePickerProps {
  id: string;
  /** What the picker is for, read by screen readers ("Custom roles of mapping 1"). */
  label: string;
  options: CustomRoleChoice[];
  value: string[];
  onChange: (next: string[]) => void;
}

export function CustomRolePicker({ id, label, options, value, onChange }: CustomRolePickerProps) {
  const names = new Map(options.map((o) => [o.key, o.name]));
  const full = value.length >= ROLE_LIMITS.rolesPerMembership;
  const toggle = (key: string, on: boolean) => onChange(on ? [...value, key] : value.filter((k) => k !== key));
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">
        <span className="sr-only">{label}: </span>
        {value.length === 0 ? 'No custom roles' : value.map((k) => names.get(k) ?? k).join(', ')}
      </summary>
      <fieldset className="mt-1 space-y-1">
        <legend className="sr-only">{label}</legend>
        {options.map((o) => {
          const checked = value.includes(o.key);
          return (
            <div key={o.key} className="flex items-center gap-2">
              <input id={`${id}-${o.key}`} type="checkbox" checked={checked} disabled={!checked && full} onChange={(e) => toggle(o.key, e.target.checked)} />
              <label htmlFor={`${id}-${o.key}`}>{o.name}</label>
            </div>
          );
        })}
        {full && <p className="text-xs text-zinc-600 dark:text-zinc-400">At most {ROLE_LIMITS.rolesPerMembership} custom roles.</p>}
      </fieldset>
    </details>
  );
}
