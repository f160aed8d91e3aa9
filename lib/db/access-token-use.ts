// "Last used" of a P5 bearer (a directory token, an API key): written at most once a minute per
// token (it is shown to the minute), after the answer is known, never awaited. Bookkeeping: a
// lost update only makes it a minute older, so it carries no version.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlatformDb } from './context';
import type { Key } from './keys';

const LAST_USED_EVERY_MS = 60_000;

export function noteAccessTokenUse(platform: PlatformDb, key: Key, lastUsedAt: string | undefined, now = Date.now()): void {
  if (lastUsedAt && now - Date.parse(lastUsedAt) < LAST_USED_EVERY_MS) return;
  void platform.client
    .send(new UpdateCommand({
      TableName: platform.tableName, Key: key, UpdateExpression: 'SET lastUsedAt = :now', ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
    }))
    .catch(() => undefined);
}
