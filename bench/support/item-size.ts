// DynamoDB's item size, computed the way the service documents it (attribute names plus values:
// strings by UTF-8 length, numbers by significant digits, maps and lists with their overhead),
// for the "ideal" read capacity of a screen: item bytes / 4 KB, halved for eventual consistency.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

function numberSize(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

export function attributeValueSize(v: AttributeValue): number {
  if (v.S !== undefined) return utf8(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((n, s) => n + utf8(s), 0);
  if (v.NS) return v.NS.reduce((n, s) => n + numberSize(s), 0);
  if (v.BS) return v.BS.reduce((n, b) => n + b.byteLength, 0);
  if (v.L) return 3 + v.L.reduce((n, x) => n + 1 + attributeValueSize(x), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((n, [k, x]) => n + 1 + utf8(k) + attributeValueSize(x), 0);
  return 0;
}

/** Size of a marshalled (low-level) item. */
export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((n, [k, v]) => n + utf8(k) + attributeValueSize(v), 0);
}

/** Read units DynamoDB charges for reading `bytes` in one request (Query: summed, then rounded). */
export function readUnits(bytes: number, consistent = false): number {
  const units = Math.max(1, Math.ceil(bytes / 4096));
  return consistent ? units : units / 2;
}
