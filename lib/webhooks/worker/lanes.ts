// The worker's delivery lanes: one per endpoint, at most one attempt in flight in each,
// at most `concurrency` in flight in all. Filling takes the due deliveries (GSI4 `WEBHOOKSDUE`,
// oldest first, kept in memory between reads of the queue so that a freed slot costs no read),
// one per idle lane, round-robin across tenants, and starts them without waiting:
// a receiver that hangs for its whole timeout occupies its own lane and one slot, nobody else's.
// A slow lane's other due deliveries are parked (their due time moved to its attempt's deadline)
// so they do not crowd the head of the queue that every other endpoint is read from. Lanes are this
// process's memory only; what survives it (claims, due times, attempts) is in DynamoDB.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { log } from '../../observability';
import { INDEX, keys, sortKeys } from '../../db';
import { postponeDelivery } from '../deliveries';
import { readEndpoints } from '../endpoints';
import { SEND_TIMEOUT_MS } from '../transport';
import { deliverOne, type DeliveryDeps, type DueRef, type EndpointsOf } from './deliver-due';

/** Attempts in flight at once, over every endpoint. */
export const DELIVERY_CONCURRENCY = 25;
/** Due deliveries read per page of the queue, and pages read at once at most. */
const PAGE = 100;
const MAX_PAGES = 10;
/**
 * How long due deliveries, once read, are started from before the queue is read again. Safe when
 * stale: each attempt reads its delivery and claims it conditionally, so one sent or taken
 * meanwhile is skipped; a delivery queued meanwhile waits at most this long.
 */
const DUE_FRESH_MS = 1_000;
/** Due deliveries kept at most: past it, reading on waits for the next read from the head. */
const MAX_KEPT = 5_000;
/**
 * A lane whose attempt has been open for this share of the timeout is slow: its other due
 * deliveries are parked until that attempt's deadline, when the lane could take them anyway.
 */
const SLOW_SHARE = 0.5;
/** Parking writes sent at once. */
const PARKING_BATCH = 10;
/** How long a tenant's endpoints, once read, serve its attempts (an edit is seen within it). */
const ENDPOINTS_FRESH_MS = 1_000;

/** A due delivery of a slow lane: its due time as read, and when that lane's attempt times out. */
type Parked = DueRef & { dueAt: string; until: number };

interface Lane {
  tenantId: string;
  startedAt: number;
  done: Promise<void>;
}

export class DeliveryLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private settledOne?: () => void;
  /** The slow lanes' waiting deliveries being parked, if any. */
  private parking?: Promise<void>;
  private readonly endpointsRead = new Map<string, { at: number; endpoints: ReturnType<typeof readEndpoints> }>();
  /** The due deliveries last read from the queue and not started yet, oldest first. */
  private due: { readAt: number; refs: DueRef[]; next?: Record<string, unknown> } = { readAt: 0, refs: [] };
  /** Attempts made (not skipped) since this object was made. */
  attempted = 0;
  /** Queries of the queue and the due deliveries they returned, since this object was made. */
  queueReads = 0;
  queueItemsRead = 0;

  constructor(private readonly deps: DeliveryDeps & { concurrency?: number }) {
    this.concurrency = deps.concurrency ?? DELIVERY_CONCURRENCY;
    this.timeoutMs = deps.timeoutMs ?? SEND_TIMEOUT_MS;
  }

  get inFlight() {
    return this.lanes.size;
  }

  /**
   * Starts what is due on idle lanes, up to the free slots; returns how many it started. It starts
   * from the due deliveries it last read: a freed slot costs no read of the queue. It reads the
   * queue from its head again once those are `DUE_FRESH_MS` old, and reads on from where it
   * stopped when they name no idle lane but the queue went on.
   */
  async fill(): Promise<number> {
    for (const [tenantId, read] of this.endpointsRead) if (Date.now() - read.at >= ENDPOINTS_FRESH_MS) this.endpointsRead.delete(tenantId);
    const free = this.concurrency - this.lanes.size;
    if (free <= 0) return 0;
    const stale = Date.now() - this.due.readAt >= DUE_FRESH_MS;
    const more = this.due.next && this.due.refs.length < MAX_KEPT && !this.due.refs.some((ref) => !this.lanes.has(laneKey(ref)));
    const parked = stale ? await this.readQueue() : more ? await this.readQueue(this.due.next) : [];
    const started = this.take(free);
    for (const ref of started) this.start(ref);
    // Parking waits for no fill; one round at a time (what a busy round misses, the next read finds).
    if (parked.length > 0 && !this.parking) this.parking = this.parkAll(parked).finally(() => (this.parking = undefined));
    return started.length;
  }

  /**
   * Reads the due deliveries, oldest first, from the head or on from `from`, until they name
   * `concurrency` idle lanes (or the queue or `MAX_PAGES` ends), and keeps them to start from.
   * Returns the slow lanes' ones, to park.
   */
  private async readQueue(from?: Record<string, unknown>): Promise<Parked[]> {
    const now = this.deps.now?.() ?? Date.now();
    const refs: DueRef[] = from ? this.due.refs : [];
    const idle = new Set<string>();
    const parked: Parked[] = [];
    let start = from;
    for (let page = 0; page < MAX_PAGES && idle.size < this.concurrency; page++) {
      const out = await this.deps.platform.client.send(new QueryCommand({
        TableName: this.deps.platform.tableName,
        IndexName: INDEX.gsi4,
        KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK <= :now',
        ExpressionAttributeValues: { ':pk': keys.gsi4.webhooksDue(), ':now': sortKeys.dueBy(new Date(now).toISOString()) },
        Limit: PAGE,
        ExclusiveStartKey: start,
      }));
      this.queueReads++;
      this.queueItemsRead += out.Items?.length ?? 0;
      for (const item of out.Items ?? []) {
        const ref = refOf(item);
        const busy = this.lanes.get(laneKey(ref));
        if (busy && now - busy.startedAt >= this.timeoutMs * SLOW_SHARE) {
          parked.push({ ...ref, dueAt: String(item.GSI4SK).slice(0, -ref.messageId.length - 1), until: busy.startedAt + this.timeoutMs });
          continue;
        }
        if (!busy) idle.add(laneKey(ref));
        refs.push(ref);
      }
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    this.due = { readAt: from ? this.due.readAt : Date.now(), refs, next: start };
    return parked;
  }

  /** Takes the oldest kept delivery of each idle lane, round-robin across tenants, up to `free`. */
  private take(free: number): DueRef[] {
    const lanes = new Set<string>();
    const oldest = this.due.refs.filter((ref) => {
      const lane = laneKey(ref);
      if (this.lanes.has(lane) || lanes.has(lane)) return false;
      lanes.add(lane);
      return true;
    });
    const taken = new Set(roundRobin(oldest).slice(0, free));
    this.due.refs = this.due.refs.filter((ref) => !taken.has(ref));
    return [...taken];
  }

  /**
   * Keeps the lanes filled until the signal aborts, then lets the attempts in flight finish.
   * With nothing more to start it waits for a free lane, `woken` (new events queued) or `idleMs`.
   */
  async run(options: { idleMs: number; signal?: AbortSignal; woken?: () => Promise<void> }): Promise<void> {
    while (!options.signal?.aborted) {
      try {
        if ((await this.fill()) > 0) continue;
        await Promise.race([pause(options.idleMs, options.signal), ...(this.lanes.size > 0 ? [this.nextSettled()] : []), ...(options.woken ? [options.woken().then(() => void (this.due.readAt = 0))] : [])]);
      } catch (e) {
        log.error({ err: e }, 'webhook worker: reading the queue failed');
        await pause(Math.max(options.idleMs, 2000), options.signal);
      }
    }
    await this.settled();
  }

  /** Resolves when an attempt in flight finishes (never, when none is). */
  nextSettled(): Promise<void> {
    return new Promise((resolve) => {
      const previous = this.settledOne;
      this.settledOne = () => (previous?.(), resolve());
    });
  }

  /** Resolves when every attempt in flight has finished. */
  async settled(): Promise<void> {
    while (this.lanes.size > 0 || this.parking) await Promise.all([...[...this.lanes.values()].map((l) => l.done), this.parking]);
  }

  private start(ref: DueRef) {
    const lane = laneKey(ref);
    const done = deliverOne(this.deps, ref, this.endpoints)
      .then((attempted) => void (attempted && this.attempted++))
      .catch((e) => log.error({ err: e }, 'webhook delivery failed'))
      .finally(() => {
        this.lanes.delete(lane);
        const wake = this.settledOne;
        this.settledOne = undefined;
        wake?.();
      });
    this.lanes.set(lane, { tenantId: ref.tenantId, startedAt: Date.now(), done });
  }

  private readonly endpoints: EndpointsOf = (db) => {
    const read = this.endpointsRead.get(db.tenantId);
    if (read && Date.now() - read.at < ENDPOINTS_FRESH_MS) return read.endpoints;
    const endpoints = readEndpoints(db);
    endpoints.catch(() => this.endpointsRead.delete(db.tenantId));
    this.endpointsRead.set(db.tenantId, { at: Date.now(), endpoints });
    return endpoints;
  };

  private async parkAll(parked: Parked[]) {
    for (let i = 0; i < parked.length; i += PARKING_BATCH) await Promise.all(parked.slice(i, i + PARKING_BATCH).map((p) => this.park(p)));
  }

  /** Moves a slow lane's waiting delivery to the deadline of the attempt in flight (never fails: parking is only a shortcut). */
  private async park(p: Parked) {
    try {
      await postponeDelivery(await this.deps.tenantDb(p.tenantId), { endpointId: p.endpointId, messageId: p.messageId, nextAttemptAt: p.dueAt }, p.until);
    } catch (e) {
      log.warn({ err: e }, 'could not park a webhook delivery');
    }
  }
}

export const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const laneKey = (ref: DueRef) => `${ref.tenantId}#${ref.endpointId}`;

function refOf(item: Record<string, unknown>): DueRef {
  return { tenantId: String(item.tenantId), endpointId: String(item.PK).split('#').pop()!, messageId: String(item.SK).slice(keys.webhookDeliveryPrefix.length) };
}

/** One lane of each tenant in turn, each tenant's oldest first: a tenant with many endpoints takes no more turns than one with few. */
function roundRobin(refs: DueRef[]): DueRef[] {
  const byTenant = new Map<string, DueRef[]>();
  for (const ref of refs) byTenant.set(ref.tenantId, [...(byTenant.get(ref.tenantId) ?? []), ref]);
  const queues = [...byTenant.values()];
  const out: DueRef[] = [];
  for (let i = 0; out.length < refs.length; i++) for (const q of queues) if (q[i]) out.push(q[i]);
  return out;
}

/** One fill, waited for: what a single pass of the worker sends (tests step the worker with it). */
export async function deliverDue(deps: DeliveryDeps & { concurrency?: number }): Promise<number> {
  const lanes = new DeliveryLanes(deps);
  await lanes.fill();
  await lanes.settled();
  return lanes.attempted;
}
