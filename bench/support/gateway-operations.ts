// DynamoDB requests of one HTTP request, by operation (GetItem, BatchGetItem, Query, …), counted
// at the IAM gateway: a few sent one after another once the gateway is idle, averaged.
import type { BenchContext } from './context';

export async function gatewayOperations(ctx: BenchContext, send: (round: number) => Promise<void>, rounds = 5): Promise<Record<string, number>> {
  await gatewayIdle(ctx); // what a warm-up or a load left in flight finishes
  const before = ctx.stack.aws.stats().operations;
  for (let i = 0; i < rounds; i++) await send(i);
  await new Promise((r) => setTimeout(r, 300)); // work after the last byte (none expected)
  const after = ctx.stack.aws.stats().operations;
  return Object.fromEntries(Object.entries(after).flatMap(([op, n]) => (n > (before[op] ?? 0) ? [[op, (n - (before[op] ?? 0)) / rounds]] : [])));
}

/**
 * Until the gateway has seen no request for a while: on a loaded machine a warm-up's last
 * requests (seconds each) are still reading when it ends, and would be counted with the next
 * request's.
 */
async function gatewayIdle(ctx: BenchContext, quietMs = 1500, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  let seen = ctx.stack.aws.stats().requests;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = ctx.stack.aws.stats().requests;
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
  }
}
