'use client';
// A review's settings as a form: its name, what it covers (built-in roles, the catalogue's roles
// and permissions, API keys, guests, directory rules), how long it runs, the reminder and the
// default at the deadline. Used to start a review and to schedule one.
import { TextField, inputClass } from '@/components/ui/text-field';
import { REVIEW_LIMITS } from '@/lib/access-reviews/limits';
import type { ReviewSettings } from '@/lib/access-reviews/types';

export const EMPTY_SETTINGS: ReviewSettings = {
  name: '', coverage: { roles: ['owner', 'admin', 'manager'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false },
  durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep',
};

const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((x) => x !== value));

export interface CoverageChoices {
  customRoles: { key: string; name: string }[];
  permissions: { key: string; label: string }[];
}

/** In words, for the summary before starting: "Owners, admins and managers; API keys". */
export function coverageWords(s: ReviewSettings, choices: CoverageChoices): string {
  const c = s.coverage;
  const parts = [
    ...c.roles.map((r) => ({ owner: 'owners', admin: 'admins', manager: 'managers' })[r]),
    ...c.customRoles.map((k) => `holders of ${choices.customRoles.find((r) => r.key === k)?.name ?? k}`),
    ...(c.permissions.length ? [`holders of a role giving ${c.permissions.join(', ')}`] : []),
    ...(c.apiKeys ? ['API keys'] : []), ...(c.guests ? ['guests (people of domains not proven)'] : []), ...(c.directoryRules ? ['directory rules that grant roles'] : []),
  ];
  return parts.length ? parts.join('; ') : 'nothing yet';
}

export function SettingsFields({ value, onChange, choices, idPrefix }: { value: ReviewSettings; onChange: (next: ReviewSettings) => void; choices: CoverageChoices; idPrefix: string }) {
  const c = value.coverage;
  const set = (patch: Partial<ReviewSettings>) => onChange({ ...value, ...patch });
  const cover = (patch: Partial<ReviewSettings['coverage']>) => set({ coverage: { ...c, ...patch } });
  const box = 'h-5 w-5 accent-emerald-700';
  const row = 'flex min-h-11 items-center gap-3 text-sm';
  return (
    <div className="space-y-4">
      <TextField label="Name" required maxLength={REVIEW_LIMITS.maxNameLength} value={value.name} onChange={(e) => set({ name: e.target.value })} placeholder="Quarterly admin review" />
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">What it covers</legend>
        {(['owner', 'admin', 'manager'] as const).map((r) => (
          <label key={r} className={row}>
            <input type="checkbox" className={box} checked={c.roles.includes(r)} onChange={(e) => cover({ roles: toggle(c.roles, r, e.target.checked) })} />
            {{ owner: 'Owners', admin: 'Admins', manager: 'Managers' }[r]}
          </label>
        ))}
        {choices.customRoles.map((r) => (
          <label key={r.key} className={row}>
            <input type="checkbox" className={box} checked={c.customRoles.includes(r.key)} onChange={(e) => cover({ customRoles: toggle(c.customRoles, r.key, e.target.checked) })} />
            Holders of the role {r.name}
          </label>
        ))}
        <label className={row}>
          <input type="checkbox" className={box} checked={c.apiKeys} onChange={(e) => cover({ apiKeys: e.target.checked })} /> API keys
        </label>
        <label className={row}>
          <input type="checkbox" className={box} checked={c.guests} onChange={(e) => cover({ guests: e.target.checked })} /> Guests (people of domains the organization has not proven)
        </label>
        <label className={row}>
          <input type="checkbox" className={box} checked={c.directoryRules} onChange={(e) => cover({ directoryRules: e.target.checked })} /> Directory rules that grant roles
        </label>
        <div>
          <label htmlFor={`${idPrefix}-permission`} className="mb-1 block text-sm font-medium">And holders of a custom role giving a permission</label>
          <select
            id={`${idPrefix}-permission`} className={inputClass} value=""
            onChange={(e) => e.target.value && cover({ permissions: toggle(c.permissions, e.target.value, true) })}
          >
            <option value="">Add a permission…</option>
            {choices.permissions.filter((p) => !c.permissions.includes(p.key)).map((p) => <option key={p.key} value={p.key}>{p.label}</option>)}
          </select>
          {c.permissions.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Permissions covered">
              {c.permissions.map((p) => (
                <li key={p}>
                  <button type="button" className="min-h-11 rounded-full border border-zinc-300 px-3 text-sm dark:border-zinc-700" onClick={() => cover({ permissions: toggle(c.permissions, p, false) })} aria-label={`Stop covering ${p}`}>
                    {p} ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Days to decide" type="number" inputMode="numeric" min={REVIEW_LIMITS.minDurationDays} max={REVIEW_LIMITS.maxDurationDays} required
          value={value.durationDays} onChange={(e) => set({ durationDays: Number(e.target.value) })} hint={`${REVIEW_LIMITS.minDurationDays} to ${REVIEW_LIMITS.maxDurationDays} days.`} />
        <TextField label="Reminder, days before the deadline" type="number" inputMode="numeric" min={0} max={REVIEW_LIMITS.maxDurationDays - 1}
          value={value.reminderDaysBefore} onChange={(e) => set({ reminderDaysBefore: Number(e.target.value) })} hint="0: no reminder." />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">At the deadline, what nobody decided is</legend>
        {(['keep', 'remove'] as const).map((d) => (
          <label key={d} className={row}>
            <input type="radio" name={`${idPrefix}-default`} className={box} checked={value.defaultDecision === d} onChange={() => set({ defaultDecision: d })} />
            {d === 'keep' ? 'Kept (nothing changes)' : 'Removed (access ends)'}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
