// Sign-in screens: one centred card, no console chrome.
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 dark:bg-zinc-950">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="mb-6 text-sm font-semibold tracking-wide text-emerald-700 dark:text-emerald-400">Arbor</p>
        {children}
      </div>
    </main>
  );
}
