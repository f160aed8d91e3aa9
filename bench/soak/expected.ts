// What the receivers should have got, from the audit log itself (read straight from DynamoDB
// Local): every entry after each destination's start for the audit stream, and of those, every
// entry that is a webhook event (lib/webhooks eventOf) for the webhook endpoints.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { eventOf } from '../../lib/webhooks';
import type { BenchContext } from '../support/context';
import type { SoakOrganization } from './setup';

export async function expectedDeliveries(ctx: BenchContext, orgs: SoakOrganization[]) {
  const audit = new Set<string>();
  const webhooks = new Set<string>();
  for (const org of orgs) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ctx.direct.client.send(new QueryCommand({
        TableName: ctx.tableName, KeyConditionExpression: 'PK = :pk AND SK > :after',
        ExpressionAttributeValues: { ':pk': keys.auditPartition(org.tenant.tenantId), ':after': org.streamCursor },
        ConsistentRead: true, ExclusiveStartKey: start,
      }));
      for (const item of page.Items ?? []) {
        audit.add(String(item.auditId));
        const event = eventOf(item);
        if (event) webhooks.add(event.messageId);
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return { audit, webhooks };
}
