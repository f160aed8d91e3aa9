// /sign-in/error – one clear page per sign-in failure. The text comes from lib/auth's table,
// never from the URL, so a crafted link cannot put words on this page.
import { Link } from '@/components/ui/link';
import { SIGN_IN_FAILURES } from '@/lib/auth';
import { failureFromNextAuthError } from '@/lib/auth/sign-in-failures';

export const metadata = { title: 'Sign-in problem – Arbor' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const raw = params.code ?? params.error;
  const failure = SIGN_IN_FAILURES[failureFromNextAuthError(Array.isArray(raw) ? raw[0] : raw)];
  return (
    <>
      <h1 className="text-xl font-semibold">{failure.title}</h1>
      <p role="alert" className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
        {failure.message}
      </p>
      <Link
        href="/sign-in"
        className="mt-6 inline-flex h-9 items-center rounded-md bg-emerald-700 px-3.5 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        Back to sign in
      </Link>
    </>
  );
}
