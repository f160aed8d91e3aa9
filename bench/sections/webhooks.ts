// 10. Webhooks: deliveries per second through the worker's lanes (lib/webhooks/worker/lanes.ts),
// tenant credentials through the gateway, to local receivers that answer at once: first with every
// endpoint healthy, then with one more organization whose endpoint never answers (the 10 s
// timeout) and has as many deliveries waiting as any other. The hanging endpoint should cost its
// own lane and one slot only: the target is ≥ 90 % of the healthy rate.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ulid } from 'ulid';
import { createEndpoint, messageIdOf, type WebhookEvent } from '../../lib/webhooks';
import { queueDeliveries } from '../../lib/webhooks/deliveries';
import { DELIVERY_CONCURRENCY, DeliveryLanes } from '../../lib/webhooks/worker';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import type { TenantDb } from '../../lib/db';
import type { BenchContext } from '../support/context';
import { ratio, summarize, type Summary } from '../support/stats';

export interface WebhooksResult {
  organizations: number;
  endpointsEach: number;
  deliveriesPerRun: number;
  concurrency: number;
  timeoutMs: number;
  healthy: { deliveriesPerSecond: Summary } & QueueReads;
  withHanging: { deliveriesPerSecond: Summary; hangingAttempts: number } & QueueReads;
  ratio: number;
}

/** What the lanes read of the queue (GSI4 `WEBHOOKSDUE`) over all runs, per delivery answered. */
interface QueueReads {
  queriesPerDelivery: number;
  itemsReadPerDelivery: number;
}

const ORGANIZATIONS = 4;
const ENDPOINTS_EACH = 5;
const TIMEOUT_MS = 10_000;

interface Org {
  db: TenantDb;
  endpointIds: string[];
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function organization(ctx: BenchContext, label: string, urls: string[]): Promise<Org> {
  const tag = ulid().toLowerCase();
  const { tenantId } = await createTenant(ctx.tenancy.operatorDb(), { name: `Bench hooks ${label}`, domain: `hooks-${tag}.example`, owner: { email: `owner@hooks-${tag}.example`, name: 'Owner' } });
  const db = await ctx.tenancy.tenantDb(tenantId);
  const endpointIds: string[] = [];
  for (const url of urls) endpointIds.push((await createEndpoint({ tenant: db, platform: ctx.tenancy.platformDb() }, OPERATOR_ACTOR, { url }, { allowPrivateNetworks: true })).endpoint.endpointId);
  return { db, endpointIds };
}

/** `count` events of the organization, each queued for every one of its endpoints. */
async function queue(org: Org, count: number) {
  for (let i = 0; i < count; i++) {
    const event: WebhookEvent = {
      messageId: messageIdOf(ulid()), type: 'unit.created', timestamp: new Date().toISOString(),
      data: { organizationId: org.db.tenantId, actor: { id: OPERATOR_ACTOR.userId, email: OPERATOR_ACTOR.email }, target: { type: 'unit', id: ulid(), label: `Unit ${i}` } },
    };
    await queueDeliveries(org.db, event, org.endpointIds);
  }
}

export async function runWebhooks(ctx: BenchContext): Promise<WebhooksResult> {
  let answered = 0;
  let hangingAttempts = 0;
  const fast = await listen((req, res) => req.resume().on('end', () => (answered++, res.writeHead(204).end())));
  const hanging = await listen((req) => (hangingAttempts++, req.resume()));
  const eventsEach = ctx.options.quick ? 10 : 40;
  try {
    const orgs: Org[] = [];
    for (let o = 0; o < ORGANIZATIONS; o++) orgs.push(await organization(ctx, `${o}`, Array.from({ length: ENDPOINTS_EACH }, (_, e) => `${fast.url}/o${o}/e${e}`)));
    const stuck = await organization(ctx, 'hanging', [`${hanging.url}/never`]);
    const perRun = ORGANIZATIONS * ENDPOINTS_EACH * eventsEach;

    const reads = { healthy: { queries: 0, items: 0 }, withHanging: { queries: 0, items: 0 } };
    /** Deliveries per second until the healthy endpoints have every delivery of the run. */
    const measure = async (withHanging: boolean) => {
      for (const org of orgs) await queue(org, eventsEach);
      if (withHanging) await queue(stuck, eventsEach);
      const goal = answered + perRun;
      const lanes = new DeliveryLanes({ platform: ctx.tenancy.platformDb(), tenantDb: (id) => ctx.tenancy.tenantDb(id), allowPrivateNetworks: true, timeoutMs: TIMEOUT_MS });
      const stop = new AbortController();
      const started = performance.now();
      const running = lanes.run({ idleMs: 20, signal: stop.signal });
      while (answered < goal) await new Promise((r) => setTimeout(r, 5));
      const seconds = (performance.now() - started) / 1000;
      stop.abort();
      await running;
      const counted = withHanging ? reads.withHanging : reads.healthy;
      counted.queries += lanes.queueReads;
      counted.items += lanes.queueItemsRead;
      return perRun / seconds;
    };

    const healthy: number[] = [];
    const mixed: number[] = [];
    for (let run = 0; run < ctx.options.runs; run++) healthy.push(await measure(false));
    for (let run = 0; run < ctx.options.runs; run++) mixed.push(await measure(true));
    const perDelivery = (r: { queries: number; items: number }): QueueReads => ({ queriesPerDelivery: r.queries / (perRun * ctx.options.runs), itemsReadPerDelivery: r.items / (perRun * ctx.options.runs) });
    ctx.log(`webhooks: ${healthy.map((x) => x.toFixed(0)).join(', ')} deliveries/s healthy; ${mixed.map((x) => x.toFixed(0)).join(', ')} with one endpoint hanging (${hangingAttempts} hanging attempts)`);
    const result = {
      organizations: ORGANIZATIONS, endpointsEach: ENDPOINTS_EACH, deliveriesPerRun: perRun, concurrency: DELIVERY_CONCURRENCY, timeoutMs: TIMEOUT_MS,
      healthy: { deliveriesPerSecond: summarize(healthy), ...perDelivery(reads.healthy) },
      withHanging: { deliveriesPerSecond: summarize(mixed), hangingAttempts, ...perDelivery(reads.withHanging) },
    };
    return { ...result, ratio: ratio(result.withHanging.deliveriesPerSecond, result.healthy.deliveriesPerSecond) };
  } finally {
    fast.server.closeAllConnections();
    hanging.server.closeAllConnections();
    fast.server.close();
    hanging.server.close();
  }
}
