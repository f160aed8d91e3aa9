// The local stand-in for production's EventBridge schedule: every few seconds it wakes the app
// (POST /api/internal/run-due with ARBOR_SCHEDULER_TOKEN), which starts due change sets and
// resumes runs whose runner stopped. The app itself keeps no timers. Started by `npm run dev`
// and, for the browser suite, by `npm test`.
export interface LocalScheduler {
  stop(): void;
}

export function startLocalScheduler(env: Record<string, string>, intervalMs: number): LocalScheduler {
  const url = new URL('/api/internal/run-due', env.ARBOR_APP_URL);
  let running = false;
  const wake = async () => {
    if (running) return;
    running = true;
    try {
      await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${env.ARBOR_SCHEDULER_TOKEN}` }, signal: AbortSignal.timeout(30_000) });
    } catch {
      // The app is not up yet, or restarting: the next wake-up tries again.
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void wake(), intervalMs);
  return { stop: () => clearInterval(timer) };
}
