'use client';
// The group mappings of the rules form: an IdP group → a unit, with a role ("Platform leads" are
// managers of Engineering / Platform) and any of the organization's custom roles ("Approvers" are
// budget approvers of Finance). Rows are added and removed freely; the form checks them before a
// preview.
import { UnitPicker } from '@/components/members/unit-picker';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import type { Role } from '@/lib/members/membership-items';
import type { CustomRoleChoice } from '@/components/members/custom-role-picker';
import type { DirectoryGroupView } from '@/lib/screens/directory';
import { CustomRolePicker } from '@/components/members/custom-role-picker';
import { MAPPING_ROLES, newMappingKey, type MappingDraft } from './rules-draft';

export interface GroupMappingsProps {
  groups: DirectoryGroupView[];
  /** The organization's custom roles a mapping may give. */
  customRoles: CustomRoleChoice[];
  value: MappingDraft[];
  onChange: (next: MappingDraft[]) => void;
}

export function GroupMappings({ groups, customRoles, value, onChange }: GroupMappingsProps) {
  const update = (key: number, patch: Partial<MappingDraft>) => onChange(value.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  const known = new Set(groups.map((g) => g.groupId));
  return (
    <fieldset className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">Group mappings</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Members of a directory group join a unit you pick, or a new unit created under it the first time it is needed, with a role. Admin applies on the top unit only; elsewhere it becomes manager.
      </p>
      {value.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Group mappings</caption>
            <thead className="text-left text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-1 py-1 font-medium">Group</th>
                <th scope="col" className="px-1 py-1 font-medium">Unit</th>
                <th scope="col" className="px-1 py-1 font-medium">Role</th>
                <th scope="col" className="px-1 py-1"><span className="sr-only">Remove</span></th>
              </tr>
            </thead>
            <tbody>
              {value.map((m, i) => (
                <tr key={m.key} className="align-top">
                  <td className="px-1 py-1">
                    <label htmlFor={`mapping-${m.key}-group`} className="sr-only">Group of mapping {i + 1}</label>
                    <select id={`mapping-${m.key}-group`} className={inputClass} value={m.groupId} onChange={(e) => update(m.key, { groupId: e.target.value })}>
                      <option value="">Choose a group…</option>
                      {m.groupId && !known.has(m.groupId) && <option value={m.groupId}>A deleted group</option>}
                      {groups.map((g) => (
                        <option key={g.groupId} value={g.groupId}>{g.displayName}</option>
                      ))}
                    </select>
                  </td>
                  <td className="min-w-56 px-1 py-1">
                    <UnitPicker label={`Unit of mapping ${i + 1}`} hideLabel value={m.unit} onChange={(unit) => update(m.key, { unit })} />
                    <label htmlFor={`mapping-${m.key}-new`} className="sr-only">New unit under it for mapping {i + 1}</label>
                    <input
                      id={`mapping-${m.key}-new`}
                      className={`${inputClass} mt-1`}
                      placeholder="or a new unit under it, named…"
                      maxLength={100}
                      value={m.newUnit}
                      onChange={(e) => update(m.key, { newUnit: e.target.value })}
                    />
                  </td>
                  <td className="px-1 py-1">
                    <label htmlFor={`mapping-${m.key}-role`} className="sr-only">Role of mapping {i + 1}</label>
                    <select id={`mapping-${m.key}-role`} className={inputClass} value={m.role} onChange={(e) => update(m.key, { role: e.target.value as Role })}>
                      {MAPPING_ROLES.map((r) => (
                        <option key={r} value={r}>{r}</option>
                      ))}
                    </select>
                    {customRoles.length > 0 && (
                      <CustomRolePicker id={`mapping-${m.key}-roles`} label={`Custom roles of mapping ${i + 1}`} options={customRoles} value={m.roles} onChange={(roles) => update(m.key, { roles })} />
                    )}
                  </td>
                  <td className="px-1 py-1 text-right">
                    <Button size="sm" variant="ghost" onClick={() => onChange(value.filter((x) => x.key !== m.key))} aria-label={`Remove mapping ${i + 1}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => onChange([...value, { key: newMappingKey(value), groupId: '', unit: null, newUnit: '', role: 'member', roles: [] }])} disabled={groups.length === 0}>
          Add mapping
        </Button>
        {groups.length === 0 && <span className="text-xs text-zinc-600 dark:text-zinc-400">The directory has sent no groups yet.</span>}
      </div>
    </fieldset>
  );
}
