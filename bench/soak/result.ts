// The shape of the soak's results (bench/results/latest.json `soak`).

export interface SoakMinute {
  minute: number;
  requests: number;
  perSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Answers that were not the one expected (non-2xx, or no answer at all). */
  errors: number;
  /** Requests by kind of traffic (page, api read, api write, check, scim, change set). */
  byKind: Record<string, number>;
  /** At the IAM gateway: every DynamoDB request of the instances, the workers and the bench's own. */
  dynamoRequests: number;
  /** Requests the SDK sent again (attempt > 1). */
  dynamoRetries: number;
  /** Per instance: resident set at the minute's end (MB) and event-loop delay (ms, worst 5-second window's p99, and mean). */
  instances: { name: string; rssMb: number; heapMb: number; loopDelayP99Ms: number; loopDelayMeanMs: number }[];
  /** The 1-minute load average at the minute's end: the machine's other work shows here. */
  load?: number;
  /** What happened in this minute besides the steady traffic. */
  events: string[];
}

export interface DeliveryCount {
  /** What the audit log says should arrive (entries after the destination's start, or their webhook events). */
  expected: number;
  /** Distinct ids that arrived and were expected. */
  delivered: number;
  missing: number;
  /** Arrivals beyond the first of an id. */
  duplicates: number;
  /** Ids that arrived and the log does not hold. */
  unexpected: number;
  /** Seconds from the traffic's end until the last expected id arrived. */
  drainSeconds: number;
}

export interface SoakResult {
  measuredAt: string;
  minutes: number;
  tenants: number;
  unitsPerTenant: number;
  people: number;
  apiKeys: number;
  instances: number;
  buildMs?: number;
  minutesMeasured: SoakMinute[];
  totals: { requests: number; errors: number; firstErrors: string[]; byKind: Record<string, number> };
  scim: { users: number; groups: number; requests: number; ms: number; minute: number };
  changeSet: { operations: number; applyMs: number; minute: number; state: string };
  webhooks: DeliveryCount;
  auditStream: DeliveryCount;
  /** The 1-minute load average at the start and end of the traffic (others' work on a shared machine shows here). */
  load: { start: number; end: number; meanDuringSoak: number };
}
