// /select-tenant – after signing in (or losing access), a member of several organizations picks
// one. With a single organization it goes straight on. The choice is checked on the server.
import { redirect } from 'next/navigation';
import { requireSession } from '@/lib/auth';
import { safeReturnTo } from '@/lib/auth/return-to';
import { platformDb } from '@/lib/tenancy';
import { listUserTenants } from '@/lib/users';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { TenantPicker } from './tenant-picker';

export const metadata = { title: 'Choose an organization – Arbor' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SelectTenantPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeReturnTo(Array.isArray(params.next) ? params.next[0] : params.next);
  const revoked = params.reason === 'revoked';
  const session = await requireSession();
  const all = await listUserTenants(platformDb(), session.userId);
  // Right after a removal the tenants index may still list the tenant just lost.
  const tenants = revoked ? all.filter((t) => t.tenantId !== session.tenantId) : all;

  if (!revoked && tenants.length <= 1) redirect(next);

  return (
    <>
      {revoked && (
        <div role="alert" className="mb-5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">You no longer have access</p>
          <p className="mt-1">You are not a member of that organization anymore. Ask an administrator to add you again.</p>
        </div>
      )}
      {tenants.length > 0 ? (
        <>
          <h1 className="text-xl font-semibold">Choose an organization</h1>
          <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">Signed in as {session.email}.</p>
          <TenantPicker tenants={tenants} next={next} />
        </>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">You are not a member of any organization on Arbor.</p>
      )}
      <div className="mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <SignOutButton />
      </div>
    </>
  );
}
