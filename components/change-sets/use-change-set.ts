'use client';
// One change set in the browser: the set and its preview, re-read after every change made here
// (one GET each), the changes themselves (each sends the version read), and, while it applies or
// when its scheduled time comes, a poll of the set every second until it is applied or failed.
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api/client';
import type { ChangeSetDetail, OperationInput, Preview } from '@/lib/change-sets';
import * as changeSets from './change-set-api';

const POLL_MS = 1_000;
/** States whose operations may be edited (a scheduled set is unscheduled by an edit). */
export const EDITABLE_STATES: ChangeSetDetail['status'][] = ['draft', 'rejected', 'failed', 'scheduled'];
/** States after which the set no longer changes by itself. */
const SETTLED = (s: ChangeSetDetail['status']) => s !== 'applying' && s !== 'scheduled';

export interface ChangeSetState {
  set: ChangeSetDetail;
  preview: Preview;
  /** Which action is running ('apply', 'op', …), or null. */
  busy: string | null;
  /** The last refusal, shown above the page until the next action. */
  error: string | null;
  clearError(): void;
  refresh(): Promise<void>;
  /** Runs a change with the set's current version; the set and preview are read again after it. */
  act(label: string, change: (version: number) => Promise<unknown>, done?: string): Promise<boolean>;
  /** Adds operations to the draft; throws the server's refusal (dialogs show it). */
  addOperations(ops: OperationInput[], done: string): Promise<void>;
}

export function useChangeSet(initial: { set: ChangeSetDetail; preview: Preview }, onSettled: (set: ChangeSetDetail) => void): ChangeSetState {
  const [set, setSet] = useState(initial.set);
  const [preview, setPreview] = useState(initial.preview);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setId = initial.set.setId;
  const version = useRef(initial.set.version);
  version.current = set.version;
  const settled = useRef(onSettled);
  settled.current = onSettled;
  // What the person may do with the set depends on the units it touches now (lib/change-sets
  // standing): after a change made here, the page's server part decides the buttons again.
  const router = useRouter();

  const refresh = useCallback(async () => {
    const [s, p] = await Promise.all([changeSets.getChangeSet(setId), changeSets.getPreview(setId)]);
    setSet(s);
    setPreview(p);
  }, [setId]);

  const act = useCallback(
    async (label: string, change: (v: number) => Promise<unknown>, done?: string) => {
      setBusy(label);
      setError(null);
      try {
        await change(version.current);
        if (done) toast.success(done);
        return true;
      } catch (e) {
        setError(e instanceof ApiError ? e.message : 'Something went wrong. Try again.');
        return false;
      } finally {
        // Whatever happened (a refusal may come from a set changed meanwhile), show it as it is now.
        await refresh().catch(() => undefined);
        router.refresh();
        setBusy(null);
      }
    },
    [refresh, router],
  );

  const addOperations = useCallback(
    async (ops: OperationInput[], done: string) => {
      setBusy('op');
      setError(null);
      try {
        const updated = await changeSets.addOperations(setId, version.current, ops);
        setSet(updated);
        toast.success(done);
        setPreview(await changeSets.getPreview(setId));
        router.refresh();
      } catch (e) {
        if (e instanceof ApiError && e.code === 'changeSet.changed') await refresh().catch(() => undefined);
        throw e;
      } finally {
        setBusy(null);
      }
    },
    [setId, refresh, router],
  );

  // Applying (or due): follow the run until it settles, then read the preview once more.
  const status = set.status;
  const dueAt = status === 'scheduled' && set.scheduledAt ? Date.parse(set.scheduledAt) : undefined;
  useEffect(() => {
    if (status !== 'applying' && dueAt === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      if (stopped) return;
      try {
        const s = await changeSets.getChangeSet(setId);
        if (stopped) return;
        setSet(s);
        if (SETTLED(s.status) || (s.status === 'scheduled' && s.scheduledAt !== initialScheduled)) {
          if (s.status === 'applied') toast.success(`${s.name}: applied.`);
          if (s.status === 'failed') toast.error(`${s.name}: ${s.run?.error?.message ?? 'failed, nothing was changed.'}`);
          setPreview(await changeSets.getPreview(setId));
          settled.current(s);
          router.refresh();
          return;
        }
      } catch {
        // A passing network hiccup: the next poll tries again.
      }
      timer = setTimeout(poll, POLL_MS);
    };
    const initialScheduled = set.scheduledAt;
    timer = setTimeout(poll, dueAt === undefined ? POLL_MS : Math.max(POLL_MS, dueAt - Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Restart only when the state (or the scheduled time) changes.
  }, [status, dueAt, setId, router]);

  return { set, preview, busy, error, clearError: () => setError(null), refresh, act, addOperations };
}
