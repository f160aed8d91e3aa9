// The facts a write was decided on, bound into the write itself. An entry point records, for
// each authorization decision, the items the decision read and the values it relied on (the
// actor's granting membership: role, unit path, version; the target unit's path; the target
// membership's role). Every transaction sent for that decision carries them as conditions: a
// ConditionCheck on each item, or the same condition joined to the transaction's own operation
// on that item (DynamoDB allows one operation per item). If any fact changed between the
// decision and the write, nothing is written and the request answers 409 `authz.stale`
// (errors.ts).
import type { TransactItem } from './transactions';
import type { Key } from './keys';

/** One item as the decision read it: each listed attribute must still hold exactly this value. */
export interface WriteFact {
  key: Key;
  expect: Record<string, string | number>;
  /** What changed, in the words of the refusal, if this fact no longer holds. */
  changed: 'grant' | 'target';
}

/** What an entry point hands the data layer with its db: the facts of the current decision. */
export interface WriteGuards {
  /** The facts the next transaction must be conditioned on (empty when nothing was decided). */
  facts(): readonly WriteFact[];
  /** Called once a transaction carrying the facts has been sent. */
  sent(): void;
}

type Operation = NonNullable<TransactItem['Put'] | TransactItem['Update'] | TransactItem['Delete'] | TransactItem['ConditionCheck']>;

const sameKey = (a: Key, b: Record<string, unknown> | undefined) => b?.PK === a.PK && b?.SK === a.SK;

function operationOf(item: TransactItem): Operation {
  return (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck)!;
}

function keyOf(item: TransactItem): Record<string, unknown> | undefined {
  if (item.Put) return item.Put.Item;
  return (item.Update ?? item.Delete ?? item.ConditionCheck)?.Key;
}

function condition(fact: WriteFact, tag: string) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(fact.expect).map(([attribute, value], i) => {
    names[`#${tag}${i}`] = attribute;
    values[`:${tag}${i}`] = value;
    return `#${tag}${i} = :${tag}${i}`;
  });
  return { expression: parts.join(' AND '), names, values };
}

export interface GuardedTransaction {
  items: TransactItem[];
  /** Which item holds each fact (by index), to tell a stale decision from the write's own failure. */
  placed: { fact: WriteFact; index: number }[];
}

/**
 * The transaction with every fact added: joined to the operation already on that item, or
 * appended as a ConditionCheck after the caller's items (so the caller's indexes do not move).
 */
export function guardTransaction(tableName: string, items: TransactItem[], facts: readonly WriteFact[]): GuardedTransaction {
  if (facts.length === 0) return { items, placed: [] };
  const out = items.map((item) => structuredClone(item));
  const placed: GuardedTransaction['placed'] = [];
  facts.forEach((fact, f) => {
    const c = condition(fact, `g${f}x`);
    const index = out.findIndex((item) => sameKey(fact.key, keyOf(item)));
    if (index < 0) {
      placed.push({ fact, index: out.length });
      out.push({
        ConditionCheck: {
          TableName: tableName, Key: fact.key, ConditionExpression: c.expression,
          ExpressionAttributeNames: c.names, ExpressionAttributeValues: c.values,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      });
      return;
    }
    const op = operationOf(out[index]!) as Operation & {
      ConditionExpression?: string;
      ExpressionAttributeNames?: Record<string, string>;
      ExpressionAttributeValues?: Record<string, unknown>;
      ReturnValuesOnConditionCheckFailure?: string;
    };
    op.ConditionExpression = op.ConditionExpression ? `(${op.ConditionExpression}) AND (${c.expression})` : c.expression;
    op.ExpressionAttributeNames = { ...op.ExpressionAttributeNames, ...c.names };
    op.ExpressionAttributeValues = { ...op.ExpressionAttributeValues, ...c.values };
    op.ReturnValuesOnConditionCheckFailure = 'ALL_OLD';
    placed.push({ fact, index });
  });
  return { items: out, placed };
}

/**
 * The same db without a decision's facts: for work that is not the decided change itself (a tree
 * job's preparation and its steps after the commit, which its lock guards; resuming other jobs).
 */
export const withoutGuards = <D extends { guards?: WriteGuards }>(db: D): D => ({ ...db, guards: undefined });

/** The fact no longer holds in the item as it was when the transaction was refused. */
export const factBroken = (fact: WriteFact, stored: Record<string, unknown> | undefined) =>
  !stored || Object.entries(fact.expect).some(([attribute, value]) => stored[attribute] !== value);
