// DynamoDB requests of one HTTP request, by operation (GetItem, BatchGetItem, Query, …), counted
// at the IAM gateway: a few sent one after another once the server is idle, averaged.
import type { BenchContext } from './context';

export async function gatewayOperations(ctx: BenchContext, send: (round: number) => Promise<void>, rounds = 5): Promise<Record<string, number>> {
  await new Promise((r) => setTimeout(r, 1500)); // what a warm-up or a load left in flight finishes
  const before = ctx.stack.aws.stats().operations;
  for (let i = 0; i < rounds; i++) await send(i);
  await new Promise((r) => setTimeout(r, 300)); // work after the last byte (none expected)
  const after = ctx.stack.aws.stats().operations;
  return Object.fromEntries(Object.entries(after).flatMap(([op, n]) => (n > (before[op] ?? 0) ? [[op, (n - (before[op] ?? 0)) / rounds]] : [])));
}
