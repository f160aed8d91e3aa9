// No server entry point reaches tenant data without the permission check (docs/authorization.md,
// "Verifying it"). Reads the source of every route handler, server action file and server
// component, and asserts that each goes through the shared wrappers of lib/api/with-actor:
// - every HTTP method exported by an `app/**/route.ts` is `export const GET = withActor(…)`;
// - there are no server actions reaching tenant data: a 'use server' file is a listed public
//   entry point, and no inline 'use server' functions hide inside other files;
// - a server component (or proxy.ts) that imports a tenant-data module calls `actorContext(`;
// - nothing under app/ builds its own database access (lib/tenancy, lib/db).
// At run time the wrappers add the rest: writes before authorize() and results of handlers that
// never authorized are refused. Public entry points (no session exists yet) are listed below,
// each with its reason; adding one is a reviewed change to this file.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');

/** Entry points that run before there is an actor in a tenant; each needs its reason. */
const PUBLIC_ENTRY_POINTS: Record<string, string> = {
  'app/api/auth/[...nextauth]/route.ts': 'next-auth sign-in and IdP callback: there is no session yet',
  'app/api/health/route.ts': 'load-balancer readiness (as /api/health/ready, kept for compatibility): reads two items that never exist, returns no data',
  'app/api/health/ready/route.ts': 'load-balancer readiness: reads two items that never exist, returns no data',
  'app/api/health/live/route.ts': 'container liveness: the process answers; reads nothing',
  'app/api/internal/run-due/route.ts':
    "the scheduler's wake-up (a bearer token, no actor): starts due change sets and resumes stopped runs, each with its own tenant's scoped credentials (lib/change-sets/schedule.ts), and runs due organization deletions: their items with their own scoped credentials, their platform items with the runtime's (lib/offboarding/run-due-deletions.ts)",
  'app/api/v1/openapi.json/route.ts': "the API's reference, generated from the route contracts: describes the API, reads no data",
  'app/(auth)/sign-in/actions.ts': 'sign-in discovery by email (P1, platform credentials): there is no session yet',
  'app/(auth)/select-tenant/page.tsx': "signed in, no tenant chosen: the user's own tenant list (P2, platform credentials)",
  'components/shell/actions.ts':
    "switch tenant (lib/auth re-checks the membership), the person's organizations for the switcher (P2, stored on their own session's record) and sign out",
  'components/units/actions.ts':
    "where a unit missing here is (read-only): the actor through actorContext, then each of the person's other tenants with that tenant's scoped credentials and their membership there checked by lib/authz (lib/screens/unit-elsewhere)",
  'app/(auth)/invite/[token]/page.tsx':
    "an invitation link, opened before sign-in: the token names its tenant and is checked against the invitation's hash with that tenant's scoped credentials",
  'app/scim/v2/[[...path]]/route.ts':
    "SCIM from a company's IdP: no session; the bearer token names one tenant (platform lookup) and every read and write after runs with that tenant's scoped credentials (lib/scim)",
  'app/(auth)/invite/[token]/actions.ts': "starts the invited address's sign-in at the link's own tenant, after the same token check",
  'app/api/saml/[tenantId]/acs/route.ts':
    "a SAML IdP's response: no session yet; the path names the tenant, the response must be signed by that tenant's IdP for that tenant's audience (lib/saml), and its bookkeeping uses that tenant's scoped credentials",
  'app/api/saml/[tenantId]/complete/route.ts': 'the browser back from the ACS with its sign-in flow: no session yet (lib/auth/saml-flow.ts)',
  'app/api/saml/[tenantId]/metadata/route.ts': "the tenant's public SP metadata (entity id, ACS URL, certificate), as every SAML SP publishes it",
  'app/setup/[token]/route.ts': "a setup link opened: the token's hash names one tenant (P5); the browser gets the link's one session",
  ...Object.fromEntries(
    [
      'app/setup/page.tsx', 'app/api/setup/sso/route.ts', 'app/api/setup/sso/enabled/route.ts', 'app/api/setup/sso/test/route.ts',
      'app/api/setup/domains/route.ts', 'app/api/setup/domains/[domain]/route.ts', 'app/api/setup/domains/[domain]/verify/route.ts',
      'app/api/setup/directory/tokens/route.ts',
    ].map((file) => [file, "a setup link's session (lib/setup-links): the link names one tenant, every read and write uses that tenant's scoped credentials and is conditioned on the link being live; only SSO, domains and directory tokens are reachable"]),
  ),
};

/**
 * Entry points that read tenant data without actorContext() today. Listed so the suite stays
 * green while their owners move them onto the wrapper: each is reported as a TODO, and the test
 * fails once one is fixed but still listed (the list only shrinks). Never add to it.
 */
const KNOWN_GAPS: Record<string, string> = {};

/** lib areas that never reach tenant data by themselves (or hand it out only through the wrappers). */
const SAFE_LIB = new Set(['errors', 'validation', 'api', 'auth', 'authz', 'config', 'security', 'ui', 'format', 'text', 'observability']);
const WRAPPER = '@/lib/api/with-actor';
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface Finding {
  file: string;
  problem: string;
}

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const hasTopDirective = (src: string, directive: string) =>
  new RegExp(`^\\s*(['"])${directive}\\1;?`).test(stripComments(src).trimStart());

interface LibImport {
  area: string;
  /** Named bindings (`{ a, b as c }` → a, b); empty for default/namespace/side-effect imports. */
  names: string[];
}

/** Value imports of lib (type-only ones are erased): `@/lib/org/x` and `../../lib/org` → area `org`. */
export function libImports(file: string, src: string): LibImport[] {
  const code = stripComments(src);
  const found: { spec: string; names: string[] }[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const braces = /\{([^}]*)\}/.exec(m[2] ?? '');
    const names = braces ? braces[1].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0]) : [];
    found.push({ spec: m[3], names });
  }
  for (const m of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1], names: [] });
  return found.flatMap(({ spec, names }) => {
    const path = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? relative(ROOT, resolve(dirname(join(ROOT, file)), spec)) : '';
    const parts = path.split('/');
    return parts[0] === 'lib' && parts[1] ? [{ area: parts[1].replace(/\.tsx?$/, ''), names }] : [];
  });
}

/**
 * Building tenant data access outside the wrappers: anything from lib/tenancy but platformDb (the
 * platform items, P1–P3: sign-in, the user's own tenant list), or a client from lib/db.
 */
const buildsTenantAccess = (i: LibImport) =>
  (i.area === 'tenancy' && (i.names.length === 0 || i.names.some((n) => n !== 'platformDb'))) ||
  (i.area === 'db' && (i.names.length === 0 || i.names.some((n) => /client|Client/.test(n))));

const importsWrapper = (src: string, name: string) =>
  new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*['"]${WRAPPER.replace(/[/@]/g, '\\$&')}['"]`).test(src);

export function checkRoute(file: string, src: string): Finding[] {
  const code = stripComments(src);
  const findings: Finding[] = [];
  const exported = new Set<string>();
  for (const m of code.matchAll(/export\s+(?:async\s+)?(?:function|const|let|var)\s+([A-Z]+)\b/g)) exported.add(m[1]);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) exported.add(part.trim().split(/\s+as\s+/).at(-1)!);
  }
  for (const method of HTTP_METHODS.filter((x) => exported.has(x))) {
    if (!new RegExp(`export\\s+const\\s+${method}\\s*=\\s*withActor\\s*\\(`).test(code)) {
      findings.push({ file, problem: `${method} is not \`export const ${method} = withActor(…)\`` });
    }
  }
  if (exported.size > 0 && [...exported].some((x) => HTTP_METHODS.includes(x)) && !importsWrapper(code, 'withActor')) {
    findings.push({ file, problem: `withActor must come from ${WRAPPER}` });
  }
  return findings;
}

/** Tenant data changes through route handlers (withActor); a server action is a public entry point or nothing. */
export function checkServerActions(file: string): Finding[] {
  return [{ file, problem: "'use server' file that is not a listed public entry point: change tenant data through a route handler wrapped in withActor" }];
}

export function checkServerComponent(file: string, src: string): Finding[] {
  const code = stripComments(src);
  const findings: Finding[] = [];
  const imports = libImports(file, src);
  if (/['"]use server['"]/.test(code)) {
    findings.push({ file, problem: "inline 'use server' function: change tenant data through a route handler wrapped in withActor" });
  }
  for (const i of imports.filter(buildsTenantAccess)) {
    findings.push({ file, problem: `imports ${i.names.join(', ') || '*'} from lib/${i.area}: tenant data access comes only from the wrappers (ctx.db)` });
  }
  const areas = imports.map((i) => i.area);
  const unsafe = [...new Set(areas.filter((a) => !SAFE_LIB.has(a)))];
  if (unsafe.length > 0 && !(importsWrapper(code, 'actorContext') && /\bactorContext\s*\(/.test(code))) {
    findings.push({ file, problem: `imports lib/${unsafe.join(', lib/')} without calling actorContext() from ${WRAPPER}` });
  }
  return findings;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every finding in the working tree. */
export function scanEntryPoints(): Finding[] {
  const files = [...sourceFiles('app'), ...sourceFiles('components'), ...sourceFiles('lib'), 'proxy.ts', 'middleware.ts'].filter((f) =>
    existsSync(join(ROOT, f)),
  );
  return files.flatMap((file) => {
    if (PUBLIC_ENTRY_POINTS[file]) return [];
    const src = readFileSync(join(ROOT, file), 'utf8');
    if (hasTopDirective(src, 'use server')) return checkServerActions(file);
    if (file.startsWith('lib/')) return []; // lib is the domain, not an entry point
    if (/(^|\/)route\.tsx?$/.test(file)) return checkRoute(file, src);
    if (hasTopDirective(src, 'use client')) return [];
    return checkServerComponent(file, src);
  });
}

describe('every server entry point goes through the permission check', () => {
  const findings = scanEntryPoints();
  const byFile = new Map<string, string[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f.problem]);

  test('the working tree', () => {
    const unexpected = findings.filter((f) => !KNOWN_GAPS[f.file]);
    assert.deepEqual(unexpected, [], unexpected.map((f) => `${f.file}: ${f.problem}`).join('\n'));
  });

  for (const [file, fix] of Object.entries(KNOWN_GAPS)) {
    const open = byFile.has(file);
    test(`known gap: ${file}`, { todo: open ? fix : undefined }, () => {
      assert.ok(open, `${file} passes now (or is gone): remove it from KNOWN_GAPS`);
    });
  }

  test('the public entry points listed still exist', () => {
    for (const file of Object.keys(PUBLIC_ENTRY_POINTS)) assert.ok(existsSync(join(ROOT, file)), `${file} is gone: remove it from the list`);
  });
});

describe('the checks catch what they should (synthetic sources)', () => {
  const route = 'app/api/v1/units/[id]/route.ts';
  const imp = `import { withActor } from '@/lib/api/with-actor';\n`;

  test('a wrapped route passes', () => {
    assert.deepEqual(checkRoute(route, `${imp}export const GET = withActor({}, async (ctx) => ({}));\nexport const dynamic = 'force-dynamic';`), []);
  });

  test('plain, re-exported or differently wrapped handlers fail', () => {
    assert.equal(checkRoute(route, `${imp}export async function GET() { return Response.json({}) }`).length, 1);
    assert.equal(checkRoute(route, `${imp}const h = withActor({}, async () => 1);\nexport { h as POST };`).length, 1);
    assert.equal(checkRoute(route, `${imp}export const PATCH = withSomethingElse(async () => 1);`).length, 1);
    assert.ok(checkRoute(route, `const withActor = (_o, h) => h;\nexport const GET = withActor({}, async () => 1);`).length > 0);
  });

  test('a comment mentioning withActor does not count', () => {
    assert.equal(checkRoute(route, `${imp}// export const GET = withActor(\nexport async function GET() {}`).length, 1);
  });


  test('server components reaching tenant data must take the actor context', () => {
    const page = 'app/(app)/units/[id]/page.tsx';
    assert.equal(checkServerComponent(page, `import { getUnit } from '@/lib/org';\nexport default async function Page() {}`).length, 1);
    assert.deepEqual(
      checkServerComponent(page, `import { actorContext } from '@/lib/api/with-actor';\nimport { getUnit } from '@/lib/org';\nexport default async function Page() { const ctx = await actorContext(); }`),
      [],
    );
    assert.deepEqual(checkServerComponent(page, `import type { Unit } from '@/lib/org';\nimport { Button } from '@/components/ui/button';`), []);
    assert.equal(checkServerComponent(page, `import { tenantDb } from '@/lib/tenancy';`).length, 2);
    assert.equal(checkServerComponent(page, `import { createDocumentClient } from '@/lib/db';`).length, 2);
    // The platform's own items (the user's tenant list) are not tenant data.
    assert.equal(checkServerComponent(page, `import { actorContext } from '@/lib/api/with-actor';\nimport { platformDb } from '@/lib/tenancy';\nimport { listUserTenants } from '@/lib/users';\nconst c = actorContext();`).length, 0);
    assert.equal(checkServerComponent('app/x/page.tsx', `import { listUnits } from '../../lib/org/list';`).length, 1);
    assert.equal(checkServerComponent(page, `export default function P() { async function save() { 'use server'; } }`).length, 1);
  });
});
