'use client';
// Picks a role (Headless UI Listbox): the roles offered are the ones the server said the actor
// may give here, so the list never tempts with a refusal.
import { Label, Field, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { Role } from '@/lib/members/membership-items';

export const ROLE_HELP: Record<Role, string> = {
  owner: 'Everything, including owners',
  admin: 'Everything except owners',
  manager: 'Manages this unit’s subtree',
  member: 'Sees this unit and below',
};

export interface RoleSelectProps {
  value: Role;
  options: Role[];
  onChange: (role: Role) => void;
  /** Visible label, or (with hideLabel) the accessible name: "Role of Ada in Cloud". */
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

export function RoleSelect({ value, options, onChange, label, hideLabel, disabled, size = 'md' }: RoleSelectProps) {
  return (
    <Field disabled={disabled}>
      <Label className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium'}>{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton
          className={`inline-flex w-full items-center justify-between gap-2 rounded-md border border-zinc-300 bg-white text-left text-zinc-900 focus:outline-none data-focus:ring-2 data-focus:ring-emerald-600/40 data-disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 ${size === 'sm' ? 'h-8 px-2 text-sm' : 'h-9 px-3 text-sm'}`}
        >
          <span className="capitalize">{value}</span>
          <span aria-hidden="true" className="text-zinc-500">▾</span>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 mt-1 w-56 rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.map((role) => (
            <ListboxOption
              key={role}
              value={role}
              className="cursor-pointer rounded px-2 py-1.5 data-focus:bg-emerald-50 data-selected:font-semibold dark:data-focus:bg-emerald-900/40"
            >
              <span className="block capitalize">{role}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{ROLE_HELP[role]}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
