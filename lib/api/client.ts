// Browser-side calls to Arbor's JSON API (`app/api/v1/**`). Errors come back as the typed
// body from lib/errors/http.ts and are rethrown as ApiError so screens can show the message
// and react to the code (for example a version conflict).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isConflict() {
    return this.code.endsWith('.versionConflict');
  }
}

export async function api<T>(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = (init.method ?? (init.body === undefined ? 'GET' : 'POST')).toUpperCase();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      // proxy.ts refuses a change that is not JSON (a form on another site can send anything
      // else), a DELETE without a body included.
      headers: method === 'GET' || method === 'HEAD' ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'Could not reach Arbor. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError(response.status, error?.code ?? 'http', error?.message ?? `Request failed (${response.status}).`, error?.details);
  }
  return body as T;
}
