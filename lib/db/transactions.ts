// Helpers to read why a conditional write or transaction was refused.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

export function isConditionFailure(e: unknown): e is ConditionalCheckFailedException {
  return e instanceof ConditionalCheckFailedException || (e as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled TransactWriteItems, the reason code of each item in request order
 * ('None' where that item was fine), or undefined when the error is something else.
 */
export function cancellationReasons(e: unknown): { code: string; item?: Record<string, unknown> }[] | undefined {
  if (!(e instanceof TransactionCanceledException) && (e as { name?: string })?.name !== 'TransactionCanceledException') {
    return undefined;
  }
  const reasons = (e as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.map((r) => ({ code: r.Code ?? 'None', item: r.Item as Record<string, unknown> | undefined }));
}
