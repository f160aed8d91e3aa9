// /sign-in – asks for a work email; shows why the user landed here (expired, damaged or
// signed-out session, signed out here or on all devices, or a next-auth error name). Someone
// already signed in (a live session with a membership) goes on to the console instead.
import { redirect } from 'next/navigation';
import { loadActor, SIGN_IN_FAILURES } from '@/lib/auth';
import { failureFromNextAuthError } from '@/lib/auth/sign-in-failures';
import { safeReturnTo } from '@/lib/auth/return-to';
import { SignInForm } from './sign-in-form';

export const metadata = { title: 'Sign in – Arbor' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  if (await signedIn()) redirect(safeReturnTo(one(params.callbackUrl)));
  const reason = one(params.reason);
  const error = one(params.error);
  const notice =
    reason === 'session.expired' || reason === 'session.invalid' || reason === 'session.revoked'
      ? SIGN_IN_FAILURES[reason]
      : error
        ? SIGN_IN_FAILURES[failureFromNextAuthError(error)]
        : undefined;

  return (
    <>
      <h1 className="text-xl font-semibold">Sign in</h1>
      <p className="mt-1 mb-6 text-sm text-zinc-600 dark:text-zinc-400">Use your work email. We’ll send you to your organization’s sign-in page.</p>
      {one(params.signedOut) && (
        <p role="status" className="mb-4 rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-800">
          {one(params.signedOut) === 'all' ? 'You have signed out on all your devices.' : 'You have signed out.'}
        </p>
      )}
      {notice && (
        <div role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">{notice.title}</p>
          <p className="mt-1">{notice.message}</p>
        </div>
      )}
      <SignInForm callbackUrl={safeReturnTo(one(params.callbackUrl))} />
    </>
  );
}

/** A live session whose person still belongs to its tenant; anything else shows the form. */
async function signedIn(): Promise<boolean> {
  try {
    await loadActor();
    return true;
  } catch {
    return false;
  }
}
