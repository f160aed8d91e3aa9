// The soak (`npm run bench -- --only soak [--soak-minutes M]`, not part of the default run nor of
// CI): two instances of the production build behind the balancer, both workers running, and ten
// minutes of mixed traffic from people and integrations of three organizations; a SCIM sync a
// third of the way in and a change set applied half-way. Then what the receivers got is held
// against the audit log: every webhook event and every audit entry should arrive exactly once.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildAppOnce, prepareAppCopy } from '../http/private-build';
import { signInOverHttp } from '../http/sign-in';
import type { BenchContext } from '../support/context';
import { startDeployment, type Deployment } from './instances';
import { applyChangeSet, approvedChangeSet, scimSync } from './mid-way';
import { cutMinutes, MinuteClock } from './minutes';
import { countDeliveries, startWebhookReceiver, streamArrivals } from './receivers';
import { Recorder } from './recorder';
import type { SoakResult } from './result';
import { enableDirectorySync, setUpOrganization, UNITS_PER_TENANT, type SoakOrganization } from './setup';
import { expectedDeliveries } from './expected';
import { checker, integration, person, personPages } from './traffic';

const ORGANIZATIONS = ['Soak A', 'Soak B', 'Soak C'];
const SCIM_USERS = 200;
const CHANGE_SET_SIZE = 101;
/** Pauses between one actor's requests (ms, ±50 %): a person reading pages, integrations, applications asking. */
const THINK = { person: 700, integration: 300, checker: 200 };

export async function runSoak(ctx: BenchContext, appPort: number): Promise<SoakResult> {
  const minutes = ctx.options.soakMinutes;
  const dir = prepareAppCopy(process.cwd());
  const buildMs = ctx.options.skipBuild ? undefined : await buildAppOnce(dir, (m) => ctx.log(`soak: ${m}`));
  const webhooks = await startWebhookReceiver();
  const orgs: SoakOrganization[] = [];
  let deployment: Deployment | undefined;
  try {
    const idpClient = { clientId: `bench-soak-${Date.now().toString(36)}`, clientSecret: randomBytes(18).toString('base64url') };
    ctx.stack.oidc.addClient(idpClient);
    for (const label of ORGANIZATIONS) orgs.push(await setUpOrganization(ctx, label, webhooks, idpClient));
    const scimOrg = orgs[orgs.length - 1];
    const scimToken = await enableDirectorySync(ctx, scimOrg.tenant.tenantId);
    ctx.log(`soak: ${orgs.length} organizations of ${UNITS_PER_TENANT.toLocaleString('en')} units seeded, each with an API key, a check key, a webhook endpoint and an audit stream`);

    deployment = await startDeployment(dir, appPort, {
      ...process.env, NODE_ENV: 'production', ARBOR_ALLOW_EMULATOR: '1', NEXT_TELEMETRY_DISABLED: '1', ARBOR_MAIL_DISABLED: '1',
      ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
      // The soak measures staying power, not the rate limits: they stay out of its way.
      ARBOR_API_RATE_PER_KEY: '100000000', ARBOR_API_RATE_PER_TENANT: '100000000', ARBOR_CHECK_RATE_PER_KEY: '100000000', ARBOR_CHECK_RATE_PER_TENANT: '100000000',
    });
    const appUrl = deployment.url;
    ctx.log(`soak: instances ${deployment.instances.map((i) => `${i.name} (pid ${i.server.process.pid})`).join(', ')} behind ${appUrl}; webhook and audit-stream workers running`);

    const sessions: { org: SoakOrganization; cookie: string }[] = [];
    for (const org of orgs) for (const p of org.people) sessions.push({ org, cookie: (await signInOverHttp({ appUrl, appDir: dir, ...p })).cookie });
    ctx.log(`soak: ${sessions.length} people signed in through the local IdP`);

    const rec = new Recorder();
    const started = Date.now();
    const until = started + minutes * 60_000;
    const clock = new MinuteClock(ctx, deployment, started, minutes);
    const events: { at: number; text: string }[] = [];
    ctx.log(`soak: ${minutes} minutes of traffic (load average ${loadavg()[0].toFixed(2)})`);

    const scim = (async () => {
      await sleep(Math.round(minutes * 60_000 * 0.3));
      const at = Date.now();
      const done = await scimSync(rec, appUrl, scimToken, scimOrg.seeded.domain, SCIM_USERS);
      const ms = Date.now() - at;
      events.push({ at, text: `SCIM sync: ${done.users} users and ${done.groups} groups of 10 in ${(ms / 1000).toFixed(1)} s` });
      ctx.log(`soak: ${events[events.length - 1].text}`);
      return { ...done, ms, at };
    })().catch((e: Error) => {
      rec.error(`SCIM sync stopped: ${e.message}`);
      return { users: 0, groups: 0, ms: 0, at: Date.now() };
    });
    const changeSet = (async () => {
      const owner = orgs[0];
      const set = await approvedChangeSet(ctx.tenancy, ctx.direct, owner.tenant, { userId: owner.seeded.owner.id, email: owner.seeded.owner.email, name: owner.seeded.owner.name }, CHANGE_SET_SIZE);
      await sleep(Math.max(0, started + minutes * 30_000 - Date.now()));
      const at = Date.now();
      const cookie = sessions.find((s) => s.org === owner)!.cookie;
      const applied = await applyChangeSet(rec, appUrl, cookie, set);
      events.push({ at, text: `change set of ${set.operations} operations applied by its owner: ${applied.status} in ${(applied.ms / 1000).toFixed(1)} s` });
      ctx.log(`soak: ${events[events.length - 1].text}`);
      return { operations: set.operations, applyMs: applied.ms, state: applied.status, at };
    })().catch((e: Error) => {
      rec.error(`change set stopped: ${e.message}`);
      return { operations: 0, applyMs: 0, state: `failed: ${e.message.slice(0, 200)}`, at: Date.now() };
    });
    await Promise.all([
      ...sessions.map((s) => person(rec, appUrl, s.cookie, personPages(s.org.tenant, s.org.tenant.userIds), until, THINK.person)),
      ...orgs.map((o) => integration(rec, appUrl, o.apiKey, o.tenant, until, THINK.integration)),
      ...orgs.map((o) => checker(rec, appUrl, o.checkKey, o.tenant, until, THINK.checker)),
      clock.run(until, (line) => ctx.log(`soak: ${line}`)),
    ]);
    const [scimDone, changeSetDone] = await Promise.all([scim, changeSet]);
    const trafficEnded = Date.now();
    ctx.log(`soak: traffic over; waiting for the workers to deliver what it wrote`);

    // Deliveries: every audit entry after each destination's start, and every webhook event after
    // the workers' start, arrived once? Waited for until they have or stop coming.
    let expected = await expectedDeliveries(ctx, orgs);
    let lastProgress = Date.now();
    let lastSeen = -1;
    let drained = { webhooks: 0, audit: 0 };
    for (;;) {
      const hooks = countDeliveries(expected.webhooks, webhooks.arrivals, 0);
      const audit = countDeliveries(expected.audit, streamArrivals(orgs.map((o) => o.auditReceiver)), 0);
      const seen = hooks.delivered + audit.delivered;
      if (hooks.missing === 0 && !drained.webhooks) drained.webhooks = Date.now();
      if (audit.missing === 0 && !drained.audit) drained.audit = Date.now();
      if (hooks.missing === 0 && audit.missing === 0) break;
      if (seen !== lastSeen) [lastSeen, lastProgress] = [seen, Date.now()];
      if (Date.now() - lastProgress > 60_000) break;
      await sleep(2000);
      expected = await expectedDeliveries(ctx, orgs);
    }
    await sleep(3000); // a duplicate would come after the first arrival
    const drainSeconds = (t: number) => (t ? Math.round((t - trafficEnded) / 100) / 10 : -1);
    const webhookCount = countDeliveries(expected.webhooks, webhooks.arrivals, drainSeconds(drained.webhooks));
    const auditCount = countDeliveries(expected.audit, streamArrivals(orgs.map((o) => o.auditReceiver)), drainSeconds(drained.audit));
    ctx.log(`soak: webhooks ${JSON.stringify(webhookCount)}; audit stream ${JSON.stringify(auditCount)}; ${webhooks.refused} webhook deliveries refused by the receiver`);

    const minutesMeasured = cutMinutes(rec.samples, clock.marks, deployment.instances, started, minutes, events);
    const byKind: Record<string, number> = {};
    for (const s of rec.samples) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    const minuteOf = (at: number) => Math.floor((at - started) / 60_000) + 1;
    return {
      measuredAt: new Date(started).toISOString(), minutes, tenants: orgs.length, unitsPerTenant: UNITS_PER_TENANT,
      people: sessions.length, apiKeys: orgs.length * 2, instances: deployment.instances.length, ...(buildMs ? { buildMs } : {}),
      minutesMeasured,
      totals: { requests: rec.samples.length, errors: rec.samples.filter((s) => !s.ok).length, firstErrors: rec.firstErrors, byKind },
      scim: { users: scimDone.users, groups: scimDone.groups, requests: byKind.scim ?? 0, ms: scimDone.ms, minute: minuteOf(scimDone.at) },
      changeSet: { operations: changeSetDone.operations, applyMs: changeSetDone.applyMs, minute: minuteOf(changeSetDone.at), state: changeSetDone.state },
      webhooks: webhookCount,
      auditStream: auditCount,
      load: clock.load(),
    };
  } finally {
    await deployment?.stop();
    await webhooks.close();
    await Promise.all(orgs.map((o) => o.auditReceiver.close()));
  }
}
