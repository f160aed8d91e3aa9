'use client';
// Before a role's permissions or reach change: who gains and who loses what, in which units,
// and a confirmation. Nothing is saved until the person confirms.
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { CallAnswer } from '@/lib/api/client';
import { REACH_WORDS } from './reach-words';

/** What roles.preview answers: who gains and loses what, where. */
export type RoleChangePreviewView = CallAnswer<'roles.preview'>;

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

export function RoleChangePreview({ preview, roleName, busy, onConfirm, onCancel }: { preview: RoleChangePreviewView; roleName: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal
      open
      onClose={onCancel}
      size="lg"
      title={`Save the change to ${roleName}?`}
      description={preview.holders === 0 ? 'Nobody holds this role: nobody’s access changes.' : `${plural(preview.holders, 'membership')} hold this role. Their access changes like this:`}
      footer={
        <>
          <Button variant="primary" onClick={onConfirm} disabled={busy}>{busy ? 'Saving…' : 'Save changes'}</Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>Cancel</Button>
        </>
      }
    >
      {preview.changes.length > 0 && (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label="Who gains and loses what">
          {preview.changes.map((c) => (
            <li key={`${c.unitId}/${c.userId}`} className="space-y-1 py-2">
              <p className="break-words"><span className="font-medium">{c.name || c.email}</span> in {c.unitName}</p>
              {c.gains.length > 0 && <p className="break-words text-emerald-800 dark:text-emerald-300">Gains {c.gains.join(', ')}</p>}
              {c.loses.length > 0 && <p className="break-words text-red-700 dark:text-red-400">Loses {c.loses.join(', ')}</p>}
              {c.reachBefore !== c.reachAfter && (
                <p className="text-zinc-600 dark:text-zinc-400">Reaches {REACH_WORDS[c.reachAfter].label.toLowerCase()}, not {REACH_WORDS[c.reachBefore].label.toLowerCase()}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {preview.truncated && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">Only the first holders are listed; the change applies to all of them.</p>}
    </Modal>
  );
}
