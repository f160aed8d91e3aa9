// Every request of the soak, timed: when it started, how long it took, what kind of traffic it
// was, and whether the answer was the one expected. Minutes are cut from these afterwards.
export interface Sample {
  at: number;
  ms: number;
  kind: string;
  ok: boolean;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly firstErrors: string[] = [];

  /** A request through `fetch`, timed to its last byte; `expect` says which statuses are right. */
  async send(kind: string, url: string, init: RequestInit, expect: (status: number) => boolean = (s) => s >= 200 && s < 300): Promise<{ status: number; body: string } | undefined> {
    const at = Date.now();
    const started = performance.now();
    try {
      const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      const ok = expect(res.status);
      this.samples.push({ at, ms: performance.now() - started, kind, ok });
      if (!ok) this.error(`${kind} ${init.method ?? 'GET'} ${new URL(url).pathname}: ${res.status} ${body.slice(0, 200)}`);
      return { status: res.status, body };
    } catch (e) {
      this.samples.push({ at, ms: performance.now() - started, kind, ok: false });
      this.error(`${kind} ${init.method ?? 'GET'} ${new URL(url).pathname}: ${(e as Error).message}`);
      return undefined;
    }
  }

  /** The JSON of a 2xx answer, or undefined (an answer that is not is already counted as an error). */
  static json(r: { status: number; body: string } | undefined): Record<string, any> | undefined { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!r || r.status < 200 || r.status >= 300 || !r.body) return undefined;
    try {
      return JSON.parse(r.body);
    } catch {
      return undefined;
    }
  }

  error(text: string) {
    if (this.firstErrors.length < 20) this.firstErrors.push(`${new Date().toISOString().slice(11, 19)} ${text}`);
  }
}
