// Finds the partition-key value(s) a Query names, from its KeyConditionExpression (with
// ExpressionAttributeNames/Values) or the legacy KeyConditions. A key condition has exactly one
// equality on the partition key; anything the parser cannot read yields no value, so the request
// has no leading key and a LeadingKeys condition denies it (fail closed).

export type AttributeValue = Record<string, unknown>;

export interface KeyConditionInput {
  KeyConditionExpression?: string;
  KeyConditions?: Record<string, { ComparisonOperator?: string; AttributeValueList?: AttributeValue[] }>;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
}

const OPERAND = String.raw`(#[\w]+|[A-Za-z_][\w]*|:[\w]+)`;
const EQUALITY = new RegExp(`^${OPERAND}\\s*=\\s*${OPERAND}$`);

export function partitionKeyValues(input: KeyConditionInput, hashKey: string): AttributeValue[] {
  if (input.KeyConditionExpression !== undefined) {
    const names = input.ExpressionAttributeNames ?? {};
    const values = input.ExpressionAttributeValues ?? {};
    const found: AttributeValue[] = [];
    // Split on AND between conditions; `BETWEEN :a AND :b` splits too, harmlessly, since only
    // `name = :value` pieces are read.
    for (const raw of input.KeyConditionExpression.split(/\bAND\b/i)) {
      const piece = raw.replace(/[()]/g, '').trim();
      const m = EQUALITY.exec(piece);
      if (!m) continue;
      const [left, right] = m[1].startsWith(':') ? [m[2], m[1]] : [m[1], m[2]];
      const attribute = left.startsWith('#') ? names[left] : left;
      if (attribute === hashKey && right.startsWith(':') && values[right]) found.push(values[right]);
    }
    return found;
  }
  const condition = input.KeyConditions?.[hashKey];
  return condition?.ComparisonOperator === 'EQ' && condition.AttributeValueList?.[0] ? [condition.AttributeValueList[0]] : [];
}
