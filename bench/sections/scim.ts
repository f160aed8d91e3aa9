// 7. Directory sync: an initial SCIM sync the way Entra ID runs one, through the production
// build's /scim/v2 over HTTP: 10,000 users (each with a department path, placed in the tree by
// the department rule), then 1,000 groups created and filled with 10 members each by PATCH, at 8
// requests in flight. Per phase: requests/s, latency, non-2xx answers and DynamoDB requests per
// SCIM request (counted at the IAM gateway, which every tenant and platform request passes).
// Then a walk of /Users at 10,000 users, startIndex 1, 101, … with count=100 (Okta's import), and
// a jump to a position no page walked to.
import { setTimeout as sleep } from 'node:timers/promises';
import { createScimToken, saveDirectoryConfig } from '../../lib/scim';
import { createTenant, getTenantSettings, OPERATOR_ACTOR } from '../../lib/tenants';
import { buildAppOnce, prepareAppCopy, startServer, type RunningServer } from '../http/private-build';
import type { BenchContext } from '../support/context';

const CONCURRENCY = 8;
const MEMBERS_PER_GROUP = 10;
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimPhase {
  phase: string;
  requests: number;
  ms: number;
  rps: number;
  latencyMs: { p50: number; p99: number };
  non2xx: number;
  /** DynamoDB requests (through the gateway) per SCIM request. */
  dynamoPerRequest: number;
}

export interface ScimResult {
  /** When this section ran (it may be merged into a results file of an earlier full run). */
  measuredAt: string;
  users: number;
  groups: number;
  membersPerGroup: number;
  concurrency: number;
  buildMs?: number;
  phases: ScimPhase[];
  /** Units the department rule created. */
  unitsCreated: number;
  usersPage: {
    first: { ms: number; dynamoRequests: number };
    walk: { pages: number; medianMs: number; maxMs: number; dynamoPerPage: number; listedOnce: boolean };
    jump: { startIndex: number; ms: number; dynamoRequests: number };
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function runScim(ctx: BenchContext, appPort: number): Promise<ScimResult> {
  const users = ctx.options.quick ? 1000 : 10_000;
  const groups = users / 10;
  const servers: RunningServer[] = [];
  try {
    const dir = prepareAppCopy(process.cwd());
    const buildMs = ctx.options.skipBuild ? undefined : await buildAppOnce(dir, (m) => ctx.log(`scim: ${m}`));
    const env = { ...process.env, NODE_ENV: 'production' as const, ARBOR_ALLOW_EMULATOR: '1', NEXT_TELEMETRY_DISABLED: '1' };
    const app = await startServer({ cwd: dir, args: ['node_modules/next/dist/bin/next', 'start', '-p', String(appPort), '-H', '127.0.0.1'], env, port: appPort, readyPath: '/sign-in' });
    servers.push(app);

    const domain = `scim-bench-${Date.now().toString(36)}.test`;
    const tenant = await createTenant(ctx.tenancy.operatorDb(), { name: 'SCIM bench', domain, owner: { email: `owner@${domain}`, name: 'Owner' } });
    const db = await ctx.tenancy.tenantDb(tenant.tenantId);
    const { token } = await createScimToken({ tenant: db, platform: ctx.tenancy.platformDb() }, { label: 'bench', actor: OPERATOR_ACTOR });
    await saveDirectoryConfig(db, OPERATOR_ACTOR, { provider: 'entra', rules: { groups: [], departments: { separator: '/' } }, expectedVersion: 0 });

    const call = async (method: string, path: string, body?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${app.url}/scim/v2/${path}`, {
        method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' }, body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - started, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
    };
    const phase = async (name: string, count: number, send: (i: number) => Promise<{ status: number; ms: number }>): Promise<ScimPhase> => {
      ctx.log(`scim: ${name}, ${count.toLocaleString('en')} requests at ${CONCURRENCY} in flight`);
      const before = ctx.stack.aws.stats().requests;
      const latencies: number[] = [];
      let non2xx = 0;
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < count) {
            const r = await send(next++);
            latencies.push(r.ms);
            if (r.status >= 300) non2xx++;
          }
        }),
      );
      const ms = performance.now() - started;
      const result = {
        phase: name, requests: count, ms: Math.round(ms), rps: Math.round((count / ms) * 10_000) / 10,
        latencyMs: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) },
        non2xx, dynamoPerRequest: Math.round(((ctx.stack.aws.stats().requests - before) / count) * 10) / 10,
      };
      ctx.log(`scim:   ${result.rps} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ${non2xx} non-2xx, ${result.dynamoPerRequest} DynamoDB requests each`);
      return result;
    };

    const ids: string[] = new Array(users);
    const phases: ScimPhase[] = [];
    phases.push(
      await phase('create users (POST /Users)', users, async (i) => {
        const name = `user${String(i).padStart(5, '0')}`;
        const r = await call('POST', 'Users', {
          schemas: [USER_SCHEMA, ENTERPRISE], userName: `${name}@${domain}`, externalId: `ext-${i}`, active: true,
          name: { givenName: `Given${i}`, familyName: `Family${i}` }, emails: [{ value: `${name}@${domain}`, type: 'work', primary: true }],
          [ENTERPRISE]: { department: `Division ${i % 10}/Department ${i % 50}/Team ${i % 200}`, employeeNumber: String(i) },
        });
        if (r.body?.id) ids[i] = r.body.id as string;
        return r;
      }),
    );
    const groupIds: string[] = new Array(groups);
    phases.push(
      await phase('create groups (POST /Groups)', groups, async (g) => {
        const r = await call('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: `Group ${g}`, externalId: `grp-${g}` });
        if (r.body?.id) groupIds[g] = r.body.id as string;
        return r;
      }),
    );
    phases.push(
      await phase('add members (PATCH /Groups, 10 each)', groups, async (g) =>
        call('PATCH', `Groups/${groupIds[g]}`, {
          schemas: [PATCH],
          Operations: [{ op: 'Add', path: 'members', value: Array.from({ length: MEMBERS_PER_GROUP }, (_, k) => ({ value: ids[(g * MEMBERS_PER_GROUP + k) % users] })) }],
        }),
      ),
    );
    await sleep(200);

    // Okta's import: every page of 100 in order; each page after the first starts at a checkpoint.
    const before = ctx.stack.aws.stats().requests;
    const first = await call('GET', 'Users?startIndex=1&count=100');
    const firstRequests = ctx.stack.aws.stats().requests - before;
    const seen = new Set<string>((first.body?.Resources ?? []).map((u: { id: string }) => u.id));
    const pageMs: number[] = [];
    const walkBefore = ctx.stack.aws.stats().requests;
    let pages = 0;
    for (let start = 101; start <= users; start += 100) {
      const page = await call('GET', `Users?startIndex=${start}&count=100`);
      pageMs.push(page.ms);
      pages++;
      for (const u of page.body?.Resources ?? []) seen.add(u.id);
    }
    const walkRequests = ctx.stack.aws.stats().requests - walkBefore;
    const jumpStart = Math.floor(users / 2) + 51;
    const jumpBefore = ctx.stack.aws.stats().requests;
    const jump = await call('GET', `Users?startIndex=${jumpStart}&count=100`);
    const jumpRequests = ctx.stack.aws.stats().requests - jumpBefore;

    return {
      measuredAt: new Date().toISOString(), users, groups, membersPerGroup: MEMBERS_PER_GROUP, concurrency: CONCURRENCY, ...(buildMs ? { buildMs } : {}), phases,
      unitsCreated: (await getTenantSettings(db)).unitCount - 1,
      usersPage: {
        first: { ms: Math.round(first.ms), dynamoRequests: firstRequests },
        walk: { pages, medianMs: Math.round(percentile(pageMs, 50)), maxMs: Math.round(Math.max(...pageMs)), dynamoPerPage: Math.round((walkRequests / pages) * 10) / 10, listedOnce: seen.size === users },
        jump: { startIndex: jumpStart, ms: Math.round(jump.ms), dynamoRequests: jumpRequests },
      },
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
