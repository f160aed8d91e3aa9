'use client';
// The organization's setting "owners may approve their own change sets", shown where approvals
// are explained (a set's Approvals panel, Settings). Owners and admins change it with the version
// they read; when someone changed the settings meanwhile, they see the value as it is now.
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';

export interface SelfApprovalSettingProps {
  on: boolean;
  version: number;
  canEdit: boolean;
  /** After a save (the preview's approvals follow the setting). */
  onSaved?: () => void;
}

interface Saved {
  ownersApproveOwnChangeSets: boolean;
  version: number;
}

export function SelfApprovalSetting({ on: initialOn, version: initialVersion, canEdit, onSaved }: SelfApprovalSettingProps) {
  const [saved, setSaved] = useState<Saved>({ ownersApproveOwnChangeSets: initialOn, version: initialVersion });
  // The value being saved, shown at once (the box follows the click while the request runs).
  const [saving, setSaving] = useState<boolean | null>(null);
  const busy = saving !== null;
  const [error, setError] = useState<string | null>(null);
  const on = saving ?? saved.ownersApproveOwnChangeSets;

  async function save(next: boolean) {
    setSaving(next);
    setError(null);
    try {
      const result = await call('settings.setChangeSetApproval', { body: { ownersApproveOwnChangeSets: next, expectedVersion: saved.version } });
      setSaved(result);
      toast.success(next ? 'Owners’ approvals of their own reorganizations now count.' : 'Owners’ approvals of their own reorganizations no longer count where someone else can approve.');
      onSaved?.();
    } catch (e) {
      const current = e instanceof ApiError && e.isConflict ? (e.details?.current as Partial<Saved> | undefined) : undefined;
      if (current && typeof current.version === 'number') {
        setSaved({ ownersApproveOwnChangeSets: Boolean(current.ownersApproveOwnChangeSets), version: current.version });
        setError('Someone changed the organization’s settings meanwhile: this shows them as they are now. Change it again if you still want to.');
      } else {
        setError(e instanceof ApiError ? e.message : 'Could not save the setting. Try again.');
      }
    } finally {
      setSaving(null);
    }
  }

  const hint = 'Four eyes: the author of a reorganization cannot approve it where someone else administers the area; where nobody else can, their approval counts.';
  return (
    <div className="space-y-1 text-sm">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1" checked={on} disabled={!canEdit || busy} onChange={(e) => void save(e.target.checked)} aria-describedby="self-approval-hint" />
        <span>
          <span className="font-medium">Owners may approve their own reorganizations</span>
          <span className="block text-zinc-600 dark:text-zinc-400" id="self-approval-hint">
            {on ? 'On: an owner’s approval of a set they drafted counts on every area.' : 'Off: an owner’s approval of their own set counts only where nobody else can approve.'} {hint}
            {!canEdit && ' Owners and admins can change this.'}
          </span>
        </span>
      </label>
      {error && <p role="alert" className="text-red-800 dark:text-red-300">{error}</p>}
    </div>
  );
}
