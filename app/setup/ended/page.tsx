// /setup/ended – a setup link that cannot be used (expired, revoked, opened in another browser).
export const metadata = { title: 'Setup link – Arbor' };

export default function SetupEndedPage() {
  return (
    <main className="mx-auto max-w-md space-y-3 p-6">
      <p className="text-sm font-semibold tracking-wide text-emerald-700 dark:text-emerald-400">Arbor</p>
      <h1 className="text-2xl font-semibold">This setup link can’t be used</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        It has expired, was revoked, or was already opened in another browser. Ask the person who sent it for a new one.
      </p>
    </main>
  );
}
