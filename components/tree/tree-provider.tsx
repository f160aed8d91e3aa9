'use client';
// Shares the tree's state between the tree pane and the unit page under it (both live below
// the units layout), and follows large moves and deletes (tree jobs) until they finish.
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api/client';
import type { TreeJob } from '@/lib/org/jobs/job-item';
import type { TreeData } from '@/lib/screens/tree';
import { getJob } from '@/components/units/unit-api';
import { TreeStore } from './tree-store';

const POLL_MS = 700;

export interface TrackedJob {
  jobId: string;
  /** "Moving Engineering to Product", shown with the progress. */
  label: string;
  /** Runs once the job has finished (refresh the tree and the page). */
  onFinished?: (job: TreeJob) => void | Promise<void>;
}

export interface JobView extends TrackedJob {
  done: number;
  total: number;
  status: TreeJob['status'] | 'starting';
}

interface TreeContextValue {
  store: TreeStore;
  jobs: JobView[];
  trackJob(job: TrackedJob): void;
}

const TreeContext = createContext<TreeContextValue | null>(null);

export function TreeProvider({ initial, children }: { initial: TreeData; children: ReactNode }) {
  const [store] = useState(() => new TreeStore(initial, (message) => toast.error(message)));
  const [jobs, setJobs] = useState<JobView[]>([]);
  // A refresh of the layout (after an edit) brings fresh counts and names for what is shown.
  const first = useRef(initial);
  useEffect(() => {
    if (initial !== first.current) store.ingest(initial);
  }, [initial, store]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const trackJob = useCallback((job: TrackedJob) => {
    setJobs((list) => [...list.filter((j) => j.jobId !== job.jobId), { ...job, done: 0, total: 0, status: 'starting' }]);
    const poll = async () => {
      if (!alive.current) return;
      let current: TreeJob;
      try {
        current = await getJob(job.jobId);
      } catch (e) {
        // A passing network hiccup should not end the progress display.
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          setJobs((list) => list.filter((j) => j.jobId !== job.jobId));
          toast.error(e.message);
          return;
        }
        setTimeout(poll, POLL_MS * 2);
        return;
      }
      setJobs((list) => list.map((j) => (j.jobId === job.jobId ? { ...j, done: current.done, total: current.total, status: current.status } : j)));
      if (!current.finished) {
        setTimeout(poll, POLL_MS);
        return;
      }
      await job.onFinished?.(current);
      setJobs((list) => list.filter((j) => j.jobId !== job.jobId));
      if (current.status === 'done') toast.success(`${job.label}: done.`);
      else toast.error(current.error?.message ?? `${job.label}: stopped, nothing was changed.`);
    };
    setTimeout(poll, POLL_MS / 2);
  }, []);

  return <TreeContext.Provider value={{ store, jobs, trackJob }}>{children}</TreeContext.Provider>;
}

export function useTreeContext(): TreeContextValue {
  const value = useContext(TreeContext);
  if (!value) throw new Error('useTreeContext must be used below <TreeProvider>');
  return value;
}

/** The tree store, re-rendering the caller whenever it changes. */
export function useTreeStore(): TreeStore {
  const { store } = useTreeContext();
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  return store;
}

/** The tree store where a tree is mounted (the units screens), without re-rendering the caller. */
export function useMountedTreeStore(): TreeStore | undefined {
  return useContext(TreeContext)?.store;
}

const NO_STORE = () => () => {};
const NO_VERSION = () => -1;

/**
 * A unit's name as the console knows it now (after an edit made here), or `fallback` (the
 * server's copy) where no tree is mounted (panels shared with other pages).
 */
export function useUnitName(unitId: string, fallback: string): string {
  const store = useContext(TreeContext)?.store;
  useSyncExternalStore(store?.subscribe ?? NO_STORE, store?.getVersion ?? NO_VERSION, store?.getVersion ?? NO_VERSION);
  return store?.units.get(unitId)?.name ?? fallback;
}
