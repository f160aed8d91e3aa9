// Fault injection for the local AWS emulator: what DynamoDB and STS do on a bad day, at configured
// rates or on command from a test (PUT /__faults). Each matching request draws from a seeded
// generator, so a plan with a seed injects the same faults in the same order on every run.
import { seededRandom } from '../../seed/seeded-random';

/** DynamoDB's faults: the errors it answers with (each as DynamoDB sends it), slowness and lost connections. */
export type DynamoDbFault =
  | 'provisionedThroughputExceeded' // 400 ProvisionedThroughputExceededException: a partition over its throughput
  | 'throttling' // 400 ThrottlingException: the table or account over its request rate
  | 'internalServerError' // 500 InternalServerError
  | 'transactionConflict' // TransactWriteItems only: cancelled, one item with TransactionConflict
  | 'transactionThrottled' // TransactWriteItems only: cancelled, one item with ThrottlingError (a hot key)
  | 'dropConnection' // the connection closes before the request reaches DynamoDB
  | 'lostResponse' // DynamoDB applies the request, then the connection closes before the answer
  | 'latency'; // the answer comes latencyMs later

/** STS's faults. */
export type StsFault = 'unavailable' | 'throttling' | 'dropConnection' | 'latency';

export type FaultRule =
  | { service?: 'dynamodb'; kind: DynamoDbFault; rate?: number; count?: number; operations?: string[]; latencyMs?: number }
  | { service: 'sts'; kind: StsFault; rate?: number; count?: number; latencyMs?: number };

export interface FaultPlan {
  rules: FaultRule[];
  /** Same seed, same faults on the same requests. */
  seed?: number;
}

export interface FaultStats {
  /** Faults injected since the plan was set, by `<service>.<kind>`. */
  injected: Record<string, number>;
  /** Requests that matched a rule's service and operations (injected or not). */
  considered: number;
}

/** What happens to one request: added latency, then at most one failure. */
export interface FaultDecision {
  latencyMs: number;
  failure?: string;
}

const FAULT_KINDS: Record<'dynamodb' | 'sts', readonly string[]> = {
  dynamodb: [
    'provisionedThroughputExceeded', 'throttling', 'internalServerError', 'transactionConflict', 'transactionThrottled',
    'dropConnection', 'lostResponse', 'latency',
  ],
  sts: ['unavailable', 'throttling', 'dropConnection', 'latency'],
};

/** Writes DynamoDB makes idempotent (ClientRequestToken): the only ones a lost answer may hit by default. */
const LOST_RESPONSE_DEFAULT_OPERATIONS = ['TransactWriteItems'];

/** Throws on a rule that names an unknown kind or an impossible rate (the control endpoint answers 400). */
export function validateFaultPlan(input: unknown): FaultPlan {
  const plan = input as FaultPlan;
  if (!plan || !Array.isArray(plan.rules)) throw new Error('a fault plan is { rules: [...], seed? }');
  for (const rule of plan.rules) {
    const service = rule.service ?? 'dynamodb';
    if (!FAULT_KINDS[service]?.includes(rule.kind)) throw new Error(`unknown ${service} fault "${rule.kind}"`);
    if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1)) throw new Error('rate is a share from 0 to 1');
    if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count >= 0)) throw new Error('count is a whole number');
    if (rule.kind === 'latency' && !(Number(rule.latencyMs) > 0)) throw new Error('a latency fault needs latencyMs');
  }
  return { rules: plan.rules.map((r) => ({ ...r })), seed: plan.seed };
}

/**
 * `throttling:0.05,latency:0.2:300,sts.unavailable:1` → a plan: `kind:rate[:latencyMs]`, STS's
 * faults prefixed `sts.`. For `npm run dev -- --faults …`.
 */
export function parseFaultSpec(spec: string): FaultPlan {
  const rules = spec
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [name, rate, latency] = part.split(':');
      const [service, kind] = name.startsWith('sts.') ? ['sts', name.slice(4)] : ['dynamodb', name];
      return { service, kind, rate: rate === undefined ? 1 : Number(rate), ...(latency ? { latencyMs: Number(latency) } : {}) } as FaultRule;
    });
  return validateFaultPlan({ rules });
}

export interface FaultInjector {
  set(plan: FaultPlan): void;
  clear(): void;
  stats(): FaultStats;
  /**
   * The faults for one request to `service` (`operation`: DynamoDB's, e.g. GetItem). `replay`: a
   * transaction whose ClientRequestToken DynamoDB already applied; DynamoDB answers it from its
   * idempotency record, so no cancellation is injected into it.
   */
  decide(service: 'dynamodb' | 'sts', operation: string, options?: { replay?: boolean }): FaultDecision;
}

export function createFaultInjector(initial?: FaultPlan): FaultInjector {
  let rules: (FaultRule & { left: number })[] = [];
  let random = Math.random;
  let stats: FaultStats = { injected: {}, considered: 0 };

  const injector: FaultInjector = {
    set(plan) {
      const valid = validateFaultPlan(plan);
      rules = valid.rules.map((r) => ({ ...r, left: r.count ?? Infinity }));
      random = valid.seed === undefined ? Math.random : seededRandom(valid.seed);
      stats = { injected: {}, considered: 0 };
    },
    clear: () => injector.set({ rules: [] }),
    stats: () => ({ injected: { ...stats.injected }, considered: stats.considered }),
    decide(service, operation, options) {
      const decision: FaultDecision = { latencyMs: 0 };
      let matched = false;
      for (const rule of rules) {
        if ((rule.service ?? 'dynamodb') !== service || rule.left <= 0) continue;
        const operations = 'operations' in rule && rule.operations ? rule.operations : rule.kind === 'lostResponse' ? LOST_RESPONSE_DEFAULT_OPERATIONS : undefined;
        if (service === 'dynamodb' && operations && !operations.includes(operation)) continue;
        const cancels = rule.kind === 'transactionConflict' || rule.kind === 'transactionThrottled';
        if (cancels && (operation !== 'TransactWriteItems' || options?.replay)) continue;
        matched = true;
        if (rule.kind !== 'latency' && decision.failure) continue;
        if (random() >= (rule.rate ?? 1)) continue;
        rule.left--;
        const key = `${service}.${rule.kind}`;
        stats.injected[key] = (stats.injected[key] ?? 0) + 1;
        if (rule.kind === 'latency') decision.latencyMs += rule.latencyMs ?? 0;
        else decision.failure = rule.kind;
      }
      if (matched) stats.considered++;
      return decision;
    },
  };
  if (initial) injector.set(initial);
  return injector;
}
