// The tenant's real client, its requests counted by command name: what the cost tests assert on.
import type { TenantDb } from '../../lib/db';

export function countedDb(db: TenantDb): { db: TenantDb; sent: string[] } {
  const sent: string[] = [];
  const client = new Proxy(db.client, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return (command: { constructor: { name: string } }, ...rest: unknown[]) => {
        sent.push(command.constructor.name);
        return (target.send as (...a: unknown[]) => unknown).call(target, command, ...rest);
      };
    },
  });
  return { db: { ...db, client } as TenantDb, sent };
}
