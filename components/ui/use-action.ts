'use client';
// A change made from a button: busy while it runs, a toast saying what happened or why not, and
// the page read again (router.refresh) so it shows the change it just confirmed, or the page the
// change made opened instead.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from './toaster';

export interface ActionOptions<T> {
  /** The toast on failure when the error carries no message. */
  failed?: string;
  /** Shows the failure beside the field it is about instead of in a toast. */
  showError?: (message: string) => void;
  /** After it succeeded, before the page is read again (the result: a secret to show once, say). */
  then?: (result: T) => void;
  /** Where to go instead of reading this page again (the change set a revert drafted, say). */
  open?: (result: T) => string;
  /** Whatever happened (close the dialog that asked). */
  settled?: () => void;
}

export function useAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  /** `done`: the toast on success (from the result, or none when the result shows itself). */
  async function run<T>(action: () => Promise<T>, done: string | ((result: T) => string) | null, options: ActionOptions<T> = {}): Promise<void> {
    setBusy(true);
    try {
      const result = await action();
      if (done) toast.success(typeof done === 'function' ? done(result) : done);
      options.then?.(result);
      if (options.open) router.push(options.open(result));
      else router.refresh();
    } catch (e) {
      const message = e instanceof Error ? e.message : (options.failed ?? 'Something went wrong.');
      if (options.showError) options.showError(message);
      else toast.error(message);
    } finally {
      setBusy(false);
      options.settled?.();
    }
  }

  return { busy, run };
}
