// The organization's owners, for the mail Arbor sends them when something needs their attention
// (a domain proof gone, a webhook endpoint disabled). Two reads: the settings (T1) for the name
// and top unit, the top unit (T2), whose administrators are denormalized on it.
import 'server-only';
import type { TenantDb } from '../db';
import { getUnit } from '../org/get-unit';
import { getTenantSettings } from './settings';

export async function tenantOwners(db: TenantDb): Promise<{ organization: string; owners: { name: string; email: string }[] }> {
  const settings = await getTenantSettings(db);
  const root = await getUnit(db, settings.rootUnitId);
  const owners = Object.values(root?.administrators ?? {}).filter((a) => a.role === 'owner').map((a) => ({ name: a.name, email: a.email }));
  return { organization: settings.name, owners };
}
