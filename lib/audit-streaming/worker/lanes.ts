// The worker's lanes: one per destination, at most one attempt in flight in each, at most
// `concurrency` in flight in all, each attempt bounded by its timeout. Filling reads the due
// destinations (GSI4 `AUDITSTREAMSDUE`, oldest first, platform credentials: keys and tenantId
// only), takes one per idle lane round-robin across tenants, and starts them without waiting: a
// destination that hangs for its whole timeout occupies its own lane and one slot, nobody else's.
// An attempt that throws (a destination that cannot be read or opened) parks its lane with the
// retry schedule's backoff, logged once, instead of being taken again at every fill.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, sortKeys } from '../../db';
import { log } from '../../observability';
import { pause } from '../../webhooks';
import { RETRY_SCHEDULE_MS, deliverDestination, type AttemptOutcome, type DueDestination, type StreamDeliveryDeps } from './deliver';

/** Attempts in flight at once, over every destination. */
export const STREAM_CONCURRENCY = 25;
const PAGE = 100;
const MAX_PAGES = 5;

export class StreamLanes {
  private readonly lanes = new Map<string, Promise<void>>();
  /** Lanes whose last attempt threw: not taken again before `until`. */
  private readonly parked = new Map<string, { until: number; throws: number }>();
  private readonly concurrency: number;
  private settledOne?: () => void;
  readonly outcomes: AttemptOutcome[] = [];

  constructor(private readonly deps: StreamDeliveryDeps & { concurrency?: number }) {
    this.concurrency = deps.concurrency ?? STREAM_CONCURRENCY;
  }

  get inFlight() {
    return this.lanes.size;
  }

  /** Starts what is due on idle lanes, up to the free slots; returns how many it started. */
  async fill(): Promise<number> {
    const free = this.concurrency - this.lanes.size;
    if (free <= 0) return 0;
    const now = this.deps.now?.() ?? Date.now();
    const due: DueDestination[] = [];
    let start: Record<string, unknown> | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const out = await this.deps.platform.client.send(new QueryCommand({
        TableName: this.deps.platform.tableName, IndexName: INDEX.gsi4,
        KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
        ExpressionAttributeValues: { ':pk': keys.gsi4.auditStreamsDue(), ':now': sortKeys.dueBy(new Date(now).toISOString()) },
        Limit: PAGE, ExclusiveStartKey: start,
      }));
      for (const item of out.Items ?? []) {
        const ref = { tenantId: String(item.tenantId), destinationId: String(item.SK).slice(keys.auditStreamPrefix.length) };
        if (!this.lanes.has(laneKey(ref)) && !this.isParked(laneKey(ref), now) && !due.some((r) => laneKey(r) === laneKey(ref))) due.push(ref);
      }
      start = out.LastEvaluatedKey;
      if (!start || due.length >= free) break;
    }
    const started = roundRobin(due).slice(0, free);
    for (const ref of started) this.start(ref);
    return started.length;
  }

  /** Keeps the lanes filled until the signal aborts, then lets the attempts in flight finish. */
  async run(options: { idleMs: number; signal?: AbortSignal; woken?: () => Promise<void> }): Promise<void> {
    while (!options.signal?.aborted) {
      try {
        if ((await this.fill()) > 0) continue;
        await Promise.race([pause(options.idleMs, options.signal), ...(this.lanes.size > 0 ? [this.nextSettled()] : []), ...(options.woken ? [options.woken()] : [])]);
      } catch (e) {
        log.error({ err: e }, 'audit-stream worker: reading the queue failed');
        await pause(Math.max(options.idleMs, 2000), options.signal);
      }
    }
    await this.settled();
  }

  nextSettled(): Promise<void> {
    return new Promise((resolve) => {
      const previous = this.settledOne;
      this.settledOne = () => (previous?.(), resolve());
    });
  }

  async settled(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all(this.lanes.values());
  }

  private isParked(lane: string, now: number): boolean {
    const park = this.parked.get(lane);
    // Forgotten an hour after its last backoff ends: a destination gone meanwhile leaves nothing behind.
    if (park && park.until + 3_600_000 < now) this.parked.delete(lane);
    return park !== undefined && park.until > now;
  }

  private park(ref: DueDestination, lane: string, e: unknown) {
    const schedule = this.deps.retrySchedule ?? RETRY_SCHEDULE_MS;
    const throws = this.parked.get(lane)?.throws ?? 0;
    const now = this.deps.now?.() ?? Date.now();
    this.parked.set(lane, { until: now + schedule[Math.min(throws, schedule.length - 1)], throws: throws + 1 });
    if (throws === 0) log.error({ err: e, tenantId: ref.tenantId, destinationId: ref.destinationId }, 'audit-stream delivery failed: lane parked, retried with backoff');
  }

  private start(ref: DueDestination) {
    const lane = laneKey(ref);
    const done = deliverDestination(this.deps, ref)
      .then((outcome) => {
        this.parked.delete(lane);
        this.outcomes.push(outcome);
      })
      .catch((e) => this.park(ref, lane, e))
      .finally(() => {
        this.lanes.delete(lane);
        const wake = this.settledOne;
        this.settledOne = undefined;
        wake?.();
      });
    this.lanes.set(lane, done);
  }
}

const laneKey = (ref: DueDestination) => `${ref.tenantId}#${ref.destinationId}`;

/** One lane of each tenant in turn: a tenant with many destinations takes no more turns than one with few. */
function roundRobin(refs: DueDestination[]): DueDestination[] {
  const byTenant = new Map<string, DueDestination[]>();
  for (const ref of refs) byTenant.set(ref.tenantId, [...(byTenant.get(ref.tenantId) ?? []), ref]);
  const queues = [...byTenant.values()];
  const out: DueDestination[] = [];
  for (let i = 0; out.length < refs.length; i++) for (const q of queues) if (q[i]) out.push(q[i]);
  return out;
}

/** One fill, waited for: what a single pass of the worker sends (tests step the worker with it). */
export async function deliverDueDestinations(deps: StreamDeliveryDeps & { concurrency?: number }): Promise<AttemptOutcome[]> {
  const lanes = new StreamLanes(deps);
  await lanes.fill();
  await lanes.settled();
  return lanes.outcomes;
}
