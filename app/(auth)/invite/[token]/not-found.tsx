// An invitation link that leads nowhere (404): what can have happened, and what to do.
import { Link } from '@/components/ui/link';
import { connection } from 'next/server';

export const metadata = { title: 'Invitation link not valid – Arbor' };

export default async function InvitationNotFound() {
  await connection();
  return (
    <>
      <h1 className="text-xl font-semibold">This invitation link is not valid</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        It may have been used already, revoked, replaced by a newer link, or it has expired, or it was copied incompletely.
      </p>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        If you accepted it before, just sign in. Otherwise ask whoever invited you to send a new invitation.
      </p>
      <div className="mt-6">
        <Link href="/sign-in" className="inline-flex h-9 items-center rounded-md bg-emerald-700 px-3.5 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-600 dark:hover:bg-emerald-500">
          Go to sign-in
        </Link>
      </div>
    </>
  );
}
