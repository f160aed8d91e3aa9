// What a console screen shows instead of its content when the server refuses it (HTTP 403, through
// forbidden() and the route's forbidden.tsx) or the thing is gone (404): the server's own message,
// and a way back. Anything else propagates to the route's error boundary.
import { forbidden } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { isArborError } from '@/lib/errors';
import { Notice } from '@/components/ui/notice';

/**
 * Runs a screen loader; a refusal answers 403 (forbidden(): the route's forbidden.tsx says why), a
 * missing item becomes `{ refusal }` instead of throwing.
 */
export async function loadOrRefuse<T>(load: () => Promise<T>): Promise<{ data: T; refusal?: undefined } | { data?: undefined; refusal: { title: string; message: string } }> {
  try {
    return { data: await load() };
  } catch (e) {
    if (isArborError(e) && e.kind === 'forbidden') forbidden();
    if (isArborError(e) && (e.kind === 'notFound' || e.kind === 'invalid')) return { refusal: { title: 'Not found', message: e.message } };
    throw e;
  }
}

export function ScreenRefusal({ title, message }: { title: string; message: string }) {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <Notice title={title} tone="warning" action={<Link href="/" className="text-sm font-medium text-emerald-800 underline dark:text-emerald-400">Back to the organization</Link>}>
        {message}
      </Notice>
    </main>
  );
}
