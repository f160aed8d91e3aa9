'use client';
// Bulk changes from the people list: change the role of the selected people in one unit,
// remove them from one unit, or remove them from the organization. One request
// (POST /api/v1/members/bulk); the server answers per person, and refusals are listed by name
// with their reason (like the CSV import's results), the rest having gone through.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { UnitOption } from '@/lib/screens/members';
import { UnitPicker } from './unit-picker';

export type BulkKind = 'changeRole' | 'remove';
const ROLE_CHOICES = ['owner', 'admin', 'manager', 'member'] as const;

export interface BulkMembersDialogProps {
  kind: BulkKind | null;
  people: { userId: string; label: string }[];
  /** The unit the people list is narrowed to, offered first. */
  unit?: { id: string; name: string };
  onClose: () => void;
  onDone: (changed: string[]) => void;
}

export function BulkMembersDialog({ kind, people, unit: initialUnit, onClose, onDone }: BulkMembersDialogProps) {
  const [unit, setUnit] = useState<UnitOption | null>(initialUnit ? { id: initialUnit.id, name: initialUnit.name, parents: [], addRoles: [], inviteRoles: [] } : null);
  const [role, setRole] = useState<(typeof ROLE_CHOICES)[number]>('member');
  const [scope, setScope] = useState<'unit' | 'organization'>(initialUnit ? 'unit' : 'organization');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ label: string; message: string }[]>([]);
  const who = people.length === 1 ? people[0].label : `${people.length} people`;
  const needsUnit = kind === 'changeRole' || scope === 'unit';

  async function apply() {
    if (!kind || (needsUnit && !unit)) return;
    setBusy(true);
    try {
      const userIds = people.map((p) => p.userId);
      const body =
        kind === 'changeRole' ? { action: 'changeRole' as const, unitId: unit!.id, role, userIds }
        : scope === 'unit' ? { action: 'remove' as const, unitId: unit!.id, userIds }
        : { action: 'removeFromOrganization' as const, userIds };
      const { results } = await call('members.bulk', { body });
      const label = new Map(people.map((p) => [p.userId, p.label]));
      const ok = results.filter((r) => r.ok).map((r) => r.userId);
      const failed = results.flatMap((r) => (r.ok ? [] : [{ label: label.get(r.userId) ?? r.userId, message: r.message }]));
      if (ok.length) toast.success(`${kind === 'changeRole' ? 'Changed' : 'Removed'} ${ok.length === 1 ? label.get(ok[0]) : `${ok.length} people`}.`);
      onDone(ok);
      if (failed.length) setRefused(failed);
      else onClose();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The change could not be made.');
    } finally {
      setBusy(false);
    }
  }

  const title = kind === 'changeRole' ? `Change the role of ${who}` : `Remove ${who}`;
  return (
    <Modal
      open={kind !== null}
      onClose={onClose}
      title={title}
      description={kind === 'changeRole' ? 'Their role in the unit you choose changes; people who are not members there are listed as refused.' : undefined}
      footer={
        <>
          <Button onClick={onClose}>{refused.length ? 'Close' : 'Cancel'}</Button>
          {!refused.length && (
            <Button variant={kind === 'remove' ? 'danger' : 'primary'} onClick={apply} disabled={busy || (needsUnit && !unit)}>
              {busy ? 'Working…' : kind === 'changeRole' ? 'Change role' : 'Remove'}
            </Button>
          )}
        </>
      }
    >
      {refused.length > 0 ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>These were not changed:</p>
          <ul className="list-disc space-y-1 pl-5">
            {refused.map((r) => (
              <li key={r.label}><span className="font-medium">{r.label}</span>: {r.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="space-y-3">
          {kind === 'remove' && (
            <fieldset className="space-y-1 text-sm">
              <legend className="mb-1 font-medium">Remove from</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="bulk-scope" checked={scope === 'unit'} onChange={() => setScope('unit')} /> One unit
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="bulk-scope" checked={scope === 'organization'} onChange={() => setScope('organization')} /> The whole organization (every unit)
              </label>
            </fieldset>
          )}
          {needsUnit && <UnitPicker label="Unit" value={unit} onChange={setUnit} />}
          {kind === 'changeRole' && (
            <label className="block text-sm font-medium">
              <span className="mb-1 block">New role</span>
              <select className={inputClass} value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
                {ROLE_CHOICES.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
    </Modal>
  );
}
