// The read the listings share: the unit asked about with the role catalogue (one BatchGetItem).
import 'server-only';
import { isArborPermission, type RoleCatalogue, type UnitRef } from '../authz';
import { batchGet, issueConsistencyToken, keys, type TenantDb } from '../db';
import { toUnit } from '../org/unit-item';
import { toRoleCatalogue } from '../roles';
import { checkUnitNotFound, unknownCheckPermission } from './errors';
import { freshnessOf } from './freshness';
import type { Consistency } from './types';

export interface Target {
  unit: UnitRef & { name: string };
  catalogue: RoleCatalogue;
  /** Whether the listing's reads are strongly consistent (all but `minimizeLatency`). */
  consistent: boolean;
  /** The moment the listing's reads began: its answer's consistency token. */
  token: string;
}

/**
 * The unit and the catalogue, read together. A listing keeps no copies: every mode but
 * `minimizeLatency` reads strongly consistently, which sees every write acknowledged before it,
 * a token's included; `minimizeLatency` reads eventually consistently (half the cost).
 */
export async function readTarget(db: TenantDb, input: { unitId: string; permission: string; consistency?: Consistency }): Promise<Target> {
  freshnessOf(input.consistency);
  const consistent = input.consistency?.mode !== 'minimizeLatency';
  const readAt = Date.now();
  const unitKey = keys.unit(db.tenantId, input.unitId);
  const catalogueKey = keys.roleCatalogue(db.tenantId);
  const items = await batchGet(db, [unitKey, catalogueKey], { consistent });
  const unitItem = items.find((i) => i.PK === unitKey.PK && i.SK === unitKey.SK);
  const catalogue = toRoleCatalogue(items.find((i) => i.PK === catalogueKey.PK && i.SK === catalogueKey.SK));
  assertKnownPermission(input.permission, catalogue);
  if (!unitItem) throw checkUnitNotFound();
  const unit = toUnit(unitItem);
  return { unit: { id: unit.id, path: unit.path, name: unit.name }, catalogue, consistent, token: issueConsistencyToken(readAt) };
}

/** Arbor's permission or the organization's own, else check.unknownPermission. */
export function assertKnownPermission(permission: string, catalogue: RoleCatalogue): void {
  if (!isArborPermission(permission) && !Object.hasOwn(catalogue.permissions, permission)) throw unknownCheckPermission(permission);
}
