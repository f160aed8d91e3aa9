'use client';
// One path rule of the rules form (departments, group names): on/off, the separator between a
// path's unit names, and the unit the paths start under; the group-name rule adds its role.
import { UnitPicker } from '@/components/members/unit-picker';
import { TextField, inputClass } from '@/components/ui/text-field';
import type { Role } from '@/lib/members/membership-items';
import type { PathDraft } from './rules-draft';

export interface PathRuleFieldsProps<D extends PathDraft> {
  /** "department" or "group name": words in the labels. */
  name: string;
  checkboxLabel: string;
  help: string;
  value: D;
  onChange: (next: D) => void;
  rootName: string;
  roles?: Role[];
}

export function PathRuleFields<D extends PathDraft & { role?: Role }>({ name, checkboxLabel, help, value, onChange, rootName, roles }: PathRuleFieldsProps<D>) {
  const id = `rule-${name.replace(/\W+/g, '-')}`;
  return (
    <fieldset className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="sr-only">{checkboxLabel}</legend>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-on`}
          type="checkbox"
          className="mt-0.5 size-4 accent-emerald-700"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
          aria-describedby={`${id}-help`}
        />
        <div>
          <label htmlFor={`${id}-on`} className="text-sm font-medium">{checkboxLabel}</label>
          <p id={`${id}-help`} className="text-xs text-zinc-600 dark:text-zinc-400">{help}</p>
        </div>
      </div>
      {value.on && (
        <div className="grid gap-3 pl-6 sm:grid-cols-[11rem_1fr_auto]">
          <TextField
            label={`Separator (${name})`}
            value={value.separator}
            maxLength={3}
            onChange={(e) => onChange({ ...value, separator: e.target.value })}
          />
          <div>
            <UnitPicker label={`Create ${name} units under`} value={value.under} onChange={(under) => onChange({ ...value, under })} />
            {!value.under && <p className="-mt-3 text-xs text-zinc-600 dark:text-zinc-400">Empty: under {rootName}, the top unit.</p>}
          </div>
          {roles && value.role && (
            <div>
              <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium">Role ({name})</label>
              <select id={`${id}-role`} className={inputClass} value={value.role} onChange={(e) => onChange({ ...value, role: e.target.value as Role })}>
                {roles.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
