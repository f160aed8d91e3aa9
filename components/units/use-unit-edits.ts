'use client';
// The console's unit edits as one hook for the unit page and the tree (drag and drop): call the
// API with the version read, put its answer into the tree store at once (the tree and the page
// both render from it, so the edit shows everywhere in the same render), confirm, then refresh
// in the background what the answer does not carry (lists, history); follow a job's progress
// when the server answers with one. Errors are thrown as ApiError for the caller to
// show where the person acted (inline, in the dialog, or a conflict dialog).
import { useParams, useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toaster';
import { useTreeContext } from '@/components/tree/tree-provider';
import { useRenameOrganization } from '@/components/shell/organization-name';
import { ApiError } from '@/lib/api/client';
import type { UnitRow } from '@/lib/screens/unit-view';
import { createUnit, deleteUnit, getUnitRow, moveUnit, renameUnit } from './unit-api';
import { useAdministratorsRecheck } from './use-administrators-recheck';

export function useUnitEdits() {
  const { store, trackJob } = useTreeContext();
  const router = useRouter();
  const renameOrganization = useRenameOrganization();
  const recheckAdministrators = useAdministratorsRecheck();
  const { unitId: currentId } = useParams<{ unitId?: string }>();
  const currentIsIn = (unit: UnitRow) => {
    const current = currentId ? store.units.get(currentId) : undefined;
    return currentId === unit.id || Boolean(current?.path.startsWith(unit.path));
  };

  /**
   * Runs an edit of `unit`; when the server says the unit itself no longer exists (deleted in
   * another tab or by someone else), its page turns into the not-found page it now is.
   */
  async function about<T>(unit: Pick<UnitRow, 'path'>, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'unit.notFound') store.markDeleted(unit);
      throw e;
    }
  }

  async function create(parent: Pick<UnitRow, 'id' | 'name' | 'path'>, name: string): Promise<UnitRow> {
    const row = await about(parent, () => createUnit(parent.id, name));
    store.added(row);
    store.record(parent.id, `created ${row.name} under ${parent.name}`, 'unit.create');
    toast.success(`Created ${row.name}.`);
    void store.expand(parent.id);
    router.refresh();
    return row;
  }

  /** Puts a unit's new row in the store; the top unit's name is the organization's, in the header too. */
  function updated(row: UnitRow, before: string) {
    store.updateUnit(row);
    if (!row.parentId && row.name !== before) renameOrganization(before, row.name);
  }

  async function rename(unit: UnitRow, name: string, expectedVersion = unit.version): Promise<UnitRow> {
    const before = store.units.get(unit.id)?.name ?? unit.name;
    const row = await about(unit, () => renameUnit(unit.id, name, expectedVersion));
    updated(row, before);
    if (row.name !== before) store.record(row.id, `renamed ${before} → ${row.name}`, 'unit.rename');
    router.refresh();
    return row;
  }

  /**
   * A move or delete met a newer version (someone renamed or moved the unit meanwhile): show the
   * current unit in the tree and the page, and say so; the person then decides again on what
   * they now see, and their next attempt sends the new version.
   */
  async function stale<T>(unit: UnitRow, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (e) {
      if (!(e instanceof ApiError && e.isConflict)) throw e;
      const current = await getUnitRow(unit.id).catch(() => undefined);
      if (current) store.updateUnit(current);
      router.refresh();
      const what = current && current.name !== unit.name ? `${unit.name} was renamed to ${current.name}` : `${unit.name} was changed`;
      throw new ApiError(e.status, e.code, `${what} by someone else meanwhile. Check it as it is now, then try again.`, e.details);
    }
  }

  /** Shows a unit as the server has it now (after a conflict was resolved by keeping theirs). */
  function sync(row: UnitRow) {
    updated(row, store.units.get(row.id)?.name ?? row.name);
    router.refresh();
  }

  async function move(unit: UnitRow, destination: Pick<UnitRow, 'id' | 'name'>): Promise<void> {
    const from = unit.parentId!;
    const followed = currentIsIn(unit);
    // Where it went, in the tree: the unit on screen when the move took it along, else the moved one.
    const shown = followed && currentId ? currentId : unit.id;
    const settle = async () => {
      store.forget(unit.id);
      await Promise.all([store.refreshChildren(from), store.refreshChildren(destination.id)]);
      await store.expand(destination.id);
      await Promise.all([store.reveal(shown), followed && recheckAdministrators()]);
      router.refresh();
    };
    const result = await stale(unit, () => moveUnit(unit.id, destination.id, unit.version));
    if (result.kind === 'job') {
      trackJob({ jobId: result.jobId, label: `Moving ${unit.name} to ${destination.name}`, onFinished: settle });
      return;
    }
    // The answer is the moved unit: the tree, breadcrumb and counts follow from it now; the
    // lists around it are re-read after.
    const fromName = store.units.get(from)?.name;
    store.moved(result.unit);
    store.record(unit.id, `moved ${unit.name} from ${fromName ?? 'its old place'} to ${destination.name}`, 'unit.move');
    // Confirmed once the tree shows where it went and the page who administers it now.
    await Promise.all([store.reveal(shown), followed && recheckAdministrators()]);
    toast.success(`Moved ${unit.name} to ${destination.name}.`);
    void Promise.all([store.refreshChildren(from), store.refreshChildren(destination.id)])
      .then(() => store.expand(destination.id))
      .then(() => router.refresh());
  }

  async function remove(unit: UnitRow, recursive: boolean): Promise<void> {
    const parentId = unit.parentId!;
    const leave = currentIsIn(unit);
    const result = await stale(unit, () => about(unit, () => deleteUnit(unit.id, unit.version, recursive)));
    store.forget(unit.id);
    if (leave) router.push(`/units/${parentId}`);
    const settle = async (job?: { status: string }) => {
      // Its pages are gone from here on, Back included (the router may hand back a cached copy).
      if (!job || job.status === 'done') store.markDeleted(unit);
      await store.refreshChildren(parentId);
      if (!leave) router.refresh();
    };
    if (result.kind === 'job') {
      trackJob({ jobId: result.jobId, label: `Deleting ${unit.name}`, onFinished: settle });
      return;
    }
    await settle();
    toast.success(
      result.units > 1 || result.memberships > 0
        ? `Deleted ${unit.name}: ${plural(result.units, 'unit')} and ${plural(result.memberships, 'membership')}.`
        : `Deleted ${unit.name}.`,
    );
  }

  return { create, rename, sync, move, remove };
}

export const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
