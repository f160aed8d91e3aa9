// A page that does not exist (404). Rendered per request like every other page, so Next's
// scripts on it carry the request's CSP nonce (a page built ahead of time has none to carry).
import Link from 'next/link';
import { connection } from 'next/server';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata = { title: 'Page not found – Arbor' };

export default async function NotFound() {
  await connection();
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="sr-only">Page not found</h1>
      <EmptyState
        title="This page doesn't exist"
        action={
          <Link href="/" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Go to Arbor
          </Link>
        }
      >
        The link may be mistyped or out of date.
      </EmptyState>
    </main>
  );
}
