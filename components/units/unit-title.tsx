'use client';
// The unit's name as the page heading, renamed in place: Enter saves (sending the version read),
// Escape cancels; the server's message appears under the field; a version conflict opens the
// conflict dialog.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DirectoryBadge } from '@/components/ui/directory-badge';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api/client';
import type { UnitRow } from '@/lib/screens/unit-view';
import { RenameConflictDialog, type RenameConflict } from './rename-conflict-dialog';
import { getUnitRow } from './unit-api';
import { useUnitEdits } from './use-unit-edits';

export function UnitTitle({ unit, canRename }: { unit: UnitRow; canRename: boolean }) {
  const edits = useUnitEdits();
  const [known, setKnown] = useState(unit);
  // The server's copy wins once it is at least as new as what this page last saw.
  const latest = unit.version >= known.version ? unit : known;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(latest.name);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<RenameConflict>();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) field.current?.select();
  }, [editing]);

  function start() {
    setDraft(latest.name);
    setError(undefined);
    setEditing(true);
  }

  async function save(name: string, version: number) {
    setSaving(true);
    setError(undefined);
    try {
      const row = await edits.rename(latest, name, version);
      setKnown(row);
      setEditing(false);
      setConflict(undefined);
      toast.success(`Renamed to ${row.name}.`);
    } catch (e) {
      if (e instanceof ApiError && e.isConflict) {
        const stored = e.details?.current as { name?: string } | undefined;
        const current = stored?.name !== undefined ? { name: stored.name, version: Number(e.details?.currentVersion) } : await getUnitRow(unit.id);
        setConflict({ mine: name, current: current.name, currentVersion: current.version });
      } else {
        setError(e instanceof ApiError ? e.message : 'The unit could not be renamed. Try again.');
        setConflict(undefined);
      }
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const name = draft.trim();
    if (name === latest.name) return setEditing(false);
    void save(name, latest.version);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(false);
    }
  }

  async function discard() {
    setConflict(undefined);
    setEditing(false);
    try {
      const row = await getUnitRow(unit.id);
      setKnown(row);
      edits.sync(row);
    } catch {
      // The page still shows the last name it knew; a reload shows the current one.
    }
  }

  return (
    <>
      {editing ? (
        <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
          <div className="min-w-64 flex-1">
            <label htmlFor="unit-name" className="sr-only">
              Unit name
            </label>
            <input
              id="unit-name"
              ref={field}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${error ? 'unit-name-error' : 'unit-name-hint'}${latest.managedBy === 'directory' ? ' unit-name-managed' : ''}`}
              disabled={saving}
              className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-2xl font-semibold focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900"
            />
            {error ? (
              <p id="unit-name-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : (
              <p id="unit-name-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                Enter to save, Escape to cancel.
              </p>
            )}
            {latest.managedBy === 'directory' && (
              <p id="unit-name-managed" className="mt-1 text-xs text-amber-800 dark:text-amber-300">Directory sync manages this unit; its next sync may undo your change.</p>
            )}
          </div>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="truncate text-2xl font-semibold">{latest.name}</h1>
          {latest.managedBy === 'directory' && <DirectoryBadge />}
          {canRename && (
            <Button variant="ghost" size="sm" onClick={start} aria-label="Rename unit" title="Rename">
              <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                <path d="M11 2.5l2.5 2.5L6 12.5H3.5V10z" />
              </svg>
            </Button>
          )}
        </div>
      )}
      <RenameConflictDialog
        conflict={conflict}
        busy={saving}
        onApply={() => conflict && void save(conflict.mine, conflict.currentVersion)}
        onDiscard={() => void discard()}
      />
    </>
  );
}
