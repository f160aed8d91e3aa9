// Calls an /api/v1 route handler as an API client would: the bearer, JSON, no cookies, no Origin.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, ctx: unknown) => Promise<Response>;

export async function callRoute(method: string, route: string, opts: { bearer?: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {}) {
  const params = opts.params ?? {};
  const search = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
  const path = route.replace(/\[(\w+)\]/g, (_, name: string) => params[name]) + search;
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, Handler>;
  const request = new Request(`http://arbor.test${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const res = await mod[method](request, { params: Promise.resolve(params) });
  const json = res.status === 204 ? undefined : ((await res.json()) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
  return { res, json };
}
