// A transaction built from named items: each item says, when it is added, what the failure of its
// condition means (a typed error, or "re-read and try again"), so no caller maps failures by
// position. Sent through transactWrite, so it carries the decision's facts like every write.
import type { TenantDb } from './context';
import { MAX_TRANSACTION_ITEMS, transactWrite, type TransactItem } from './transactions';

/**
 * What a failed condition of this item means, given the item as stored when the transaction was
 * refused (absent when it did not exist): the error to answer with, or 'retry' when the caller
 * should read again and rebuild the transaction.
 */
export type OnFail = (stored: Record<string, unknown> | undefined) => Error | 'retry' | Promise<Error | 'retry'>;

interface Entry {
  item: TransactItem;
  onFail?: OnFail;
}

export class Transaction {
  private readonly entries: Entry[] = [];

  constructor(private readonly db: Pick<TenantDb, 'client' | 'tableName' | 'guards'>) {}

  /** Adds items; `onFail` says what a failure of any of them means (none: it must not fail). */
  add(items: TransactItem | readonly TransactItem[], onFail?: OnFail): this {
    for (const item of Array.isArray(items) ? items : [items as TransactItem]) {
      this.entries.push({ item: onFail ? withOldItem(item) : item, onFail });
    }
    return this;
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Sends it. 'written', or 'retry' when every failed item asked for it; throws the error of the
   * first failed item (in the order added) that names one.
   */
  async send(): Promise<'written' | 'retry'> {
    if (this.entries.length > MAX_TRANSACTION_ITEMS) throw new Error(`transaction of ${this.entries.length} items (max ${MAX_TRANSACTION_ITEMS})`);
    const failed = await transactWrite(this.db, this.entries.map((e) => e.item));
    if (!failed) return 'written';
    for (const f of failed) {
      const onFail = this.entries[f.index]?.onFail;
      if (!onFail) throw new Error(`transaction: an item that must not fail did (${describe(this.entries[f.index]?.item)})`);
      const meaning = await onFail(f.item);
      if (meaning !== 'retry') throw meaning;
    }
    return 'retry';
  }
}

export const transaction = (db: Pick<TenantDb, 'client' | 'tableName' | 'guards'>) => new Transaction(db);

/** A conditioned item returns the stored item when its condition fails, for onFail to read. */
function withOldItem(item: TransactItem): TransactItem {
  const [kind, op] = Object.entries(item)[0] as [keyof TransactItem, { ConditionExpression?: string }];
  if (!op?.ConditionExpression) return item;
  return { [kind]: { ...op, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } } as TransactItem;
}

function describe(item: TransactItem | undefined): string {
  const op = item && (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck);
  const key = op && ('Key' in op ? op.Key : (op as { Item?: Record<string, unknown> }).Item);
  return key ? `${Object.keys(item!)[0]} ${String(key.PK)} ${String(key.SK)}` : 'unknown item';
}
