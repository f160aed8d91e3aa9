// Polls until a probe succeeds, with a deadline, so nothing in the stack relies on fixed sleeps.
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (let delay = 50; Date.now() < deadline; delay = Math.min(delay * 2, 500)) {
    try {
      await probe();
      return;
    } catch (e) {
      last = e;
      if ((e as Error)?.message?.includes('exited')) throw e;
    }
    await new Promise((r) => setTimeout(r, delay));
  }
  throw new Error(`Timed out waiting for ${what}: ${(last as Error)?.message ?? last}`);
}
