// A page that does not exist (404), in Arbor’s own card, with the way back to the console (which
// sends a signed-out person to sign-in). Rendered per request like every
// other page, so Next's scripts on it carry the request's CSP nonce (a page built ahead of time
// has none to carry).
import { Link } from '@/components/ui/link';
import { connection } from 'next/server';

export const metadata = { title: 'Page not found – Arbor' };

export default async function NotFound() {
  await connection();
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 dark:bg-zinc-950">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-emerald-700 dark:text-emerald-400">
          <img src="/icon.svg" alt="" width={24} height={24} />
          Arbor
        </p>
        <p className="mt-6 text-sm font-medium text-zinc-500 tabular-nums dark:text-zinc-400">404</p>
        <h1 className="mt-1 text-xl font-semibold">This page doesn’t exist</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          The link may be mistyped or out of date, or what it pointed to was deleted.
        </p>
        <div className="mt-6">
          <Link
            href="/"
            className="inline-flex h-9 items-center rounded-md bg-emerald-700 px-3.5 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-600 dark:hover:bg-emerald-500"
          >
            Back to the console
          </Link>
        </div>
      </div>
    </main>
  );
}
