// What /api/v1 answers for a request no route handler takes: an unknown path is a JSON 404 and a
// known path asked with another method a JSON 405 with `Allow`, in the API's one error shape,
// instead of Next's HTML not-found page or its empty 405. The paths and methods are the
// operations' own (test/api/openapi.test.ts holds them to the route files), plus the document.
import { methodNotAllowed, unknownPath } from '../validation/errors';
import { allOperations } from './operations';

interface Route {
  segments: (string | null)[]; // null: a parameter, any one segment
  methods: Set<string>;
}

const API_PREFIX = '/api/v1/';

/** One entry per path, `{…}` parameters as null, with every method its route file exports. */
const routes = new Map<string, Route>();
for (const { method, path } of [...allOperations, { method: 'get', path: '/api/v1/openapi.json' }]) {
  const segments = path.split('/').slice(1).map((s) => (s.startsWith('{') ? null : s));
  const key = segments.map((s) => s ?? '{}').join('/');
  if (!routes.has(key)) routes.set(key, { segments, methods: new Set() });
  routes.get(key)!.methods.add(method.toUpperCase());
}

/** Next prefers a static segment to a parameter, left to right: so does this. */
const moreSpecific = (a: Route, b: Route) => {
  for (let i = 0; i < a.segments.length; i++) if ((a.segments[i] === null) !== (b.segments[i] === null)) return a.segments[i] !== null;
  return false;
};

function routeOf(pathname: string): Route | undefined {
  const parts = pathname.split('/').slice(1);
  let best: Route | undefined;
  for (const r of routes.values()) {
    if (r.segments.length !== parts.length || !r.segments.every((s, i) => (s === null ? parts[i] !== '' : s === parts[i]))) continue;
    if (!best || moreSpecific(r, best)) best = r;
  }
  return best;
}

/** The methods a route answers: its own, HEAD with GET, and OPTIONS (Next implements both). */
const allowed = (route: Route) => [...new Set([...route.methods, ...(route.methods.has('GET') ? ['HEAD'] : []), 'OPTIONS'])].sort();

/** The refusal for an /api/v1 request no route handler answers, or undefined when one does. */
export function unroutedApiRequest(method: string, pathname: string) {
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  const route = routeOf(pathname.replace(/\/+$/, ''));
  if (!route) return unknownPath(pathname);
  const allow = allowed(route);
  return allow.includes(method.toUpperCase()) ? undefined : methodNotAllowed(method.toUpperCase(), allow);
}
