// Runs once when a Next.js server starts (dev and `next start`): a bad setting stops the server
// here, with one line naming the variable, instead of failing on some later request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads server code to collect page data; settings are checked when it starts.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { checkConfigAtStartup } = await import('./lib/config/check-config-at-startup');
  checkConfigAtStartup();
}
