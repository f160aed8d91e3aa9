'use client';
// Enabling previewed rules: save them conditioned on the version the preview was computed
// against, then place the directory's people page by page (POST apply with the cursor, as the
// CSV import drives its chunks), counting them for the progress line.
import { useState } from 'react';
import { ApiError, call } from '@/lib/api/client';
import type { ApplyProgress, DirectoryRules, Provider } from '@/lib/scim';

export type EnableState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'placing'; done: number }
  | { kind: 'failed'; message: string; rulesChanged: boolean };

export function useEnableRules() {
  const [state, setState] = useState<EnableState>({ kind: 'idle' });

  /** Resolves with how many people were processed and changed, or undefined when it failed. */
  async function enable(input: { provider: Provider; rules: DirectoryRules; previewedVersion: number }) {
    setState({ kind: 'saving' });
    let saved = false;
    try {
      const { config } = await call('directory.saveRules', {
        body: { provider: input.provider, rules: input.rules, expectedVersion: input.previewedVersion },
      });
      saved = true;
      let done = 0;
      let changed = 0;
      let cursor: string | undefined;
      setState({ kind: 'placing', done });
      do {
        const page: ApplyProgress = await call('directory.apply', {
          body: { expectedVersion: config.version, ...(cursor ? { cursor } : {}) },
        });
        done += page.processed;
        changed += page.changed;
        cursor = page.nextCursor;
        setState({ kind: 'placing', done });
      } while (cursor);
      setState({ kind: 'idle' });
      return { done, changed };
    } catch (e) {
      const rulesChanged = e instanceof ApiError && e.code === 'directory.rulesChanged';
      const why = e instanceof Error ? e.message : 'Something went wrong.';
      setState({
        kind: 'failed',
        rulesChanged,
        message: rulesChanged
          ? 'The directory rules changed since this preview (someone saved them meanwhile). Preview the changes again, then enable them.'
          : saved
            ? `The rules are saved, but placing people stopped: ${why} Preview and enable again to finish.`
            : `Could not enable the rules: ${why}`,
      });
      return undefined;
    }
  }

  return { state, enable, reset: () => setState({ kind: 'idle' }) };
}
