// Every change to the catalogue is one Put of the whole item, conditioned on the version it was
// built from (or on there being none yet), with its audit entry in the same transaction; the
// request's decision facts ride along (lib/db transaction). A change built on a catalogue someone
// else changed meanwhile is rebuilt from a fresh read, where its own checks (a role's
// expectedVersion, a key still free) decide again.
import 'server-only';
import { auditEntryPut, type AuditInput } from '../audit';
import { transaction, type AuditActor, type TenantDb } from '../db';
import type { RoleCatalogue } from '../authz';
import { roleCatalogueItem } from './catalogue-item';
import { readRoleCatalogue, rememberRoleCatalogue } from './read-catalogue';
import { roleChanged, rolesLimit } from './errors';
import { ROLE_LIMITS } from '../authz';

const ATTEMPTS = 3;

export interface CatalogueChange<T> {
  /** The catalogue after the change (its version is set here). */
  catalogue: Omit<RoleCatalogue, 'version'>;
  audit: Omit<AuditInput, 'actor'>;
  result: T;
}

/** Builds the change from the stored catalogue, writes it, and keeps what was written for decisions. */
export async function changeCatalogue<T>(
  db: TenantDb,
  actor: AuditActor,
  build: (current: RoleCatalogue, now: string) => CatalogueChange<T>,
  /** The catalogue as the caller just read it fresh, so it is not read twice. */
  read?: RoleCatalogue,
): Promise<T> {
  let current = read ?? (await readRoleCatalogue(db, { fresh: true }));
  for (let attempt = 1; ; attempt++) {
    const change = build(current, new Date().toISOString());
    const next: RoleCatalogue = { ...change.catalogue, version: current.version + 1 };
    const first = current.version === 0;
    const item = roleCatalogueItem(db.tenantId, next);
    // One item holds it all: refused by name before DynamoDB's 400 KB item limit would refuse it blindly.
    if (Buffer.byteLength(JSON.stringify(item)) > ROLE_LIMITS.catalogueBytes) throw rolesLimit('catalogueBytes', ROLE_LIMITS.catalogueBytes);
    const written = await transaction(db)
      .add(
        {
          Put: {
            TableName: db.tableName,
            Item: item,
            ConditionExpression: first ? 'attribute_not_exists(PK)' : '#version = :read',
            ...(first ? {} : { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':read': current.version } }),
          },
        },
        () => 'retry',
      )
      .add(auditEntryPut(db, { actor, ...change.audit }))
      .send();
    if (written === 'written') {
      rememberRoleCatalogue(db.tenantId, next);
      return change.result;
    }
    current = await readRoleCatalogue(db, { fresh: true });
    if (attempt === ATTEMPTS) throw roleChanged(current.version);
  }
}
