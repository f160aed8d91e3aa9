// "This unit is in another of your organizations" (lib/screens/unit-elsewhere) against
// DynamoDB Local with tenant-scoped credentials: named only for a tenant the person belongs to,
// and only for a unit they may see there; nothing for anyone else.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { findUnitElsewhere } from '../../lib/screens/unit-elsewhere';
import { getTenantSettings } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

const platform = () => ({ client: directClient(), tableName: tableName() });
const deps = () => ({ platform: platform(), tenantDb: async (tenantId: string) => tenantDbFor(tenantId) });
const as = (tenantId: string, userId: string) => ({ actor: { tenantId, userId } }) as Parameters<typeof findUnitElsewhere>[0];

describe('a unit in another organization', () => {
  test('named for a member who may see it there; nothing for a stranger, a unit outside their view, or a bad id', async () => {
    const a = await newTenant('Elsewhere');
    const b = await newTenant('Home');
    const aDb = tenantDbFor(a.tenantId);
    const operator = { userId: a.ownerUserId, email: a.ownerEmail };
    const sales = await createUnit(aDb, operator, { parentId: a.rootUnitId, name: 'Sales' });
    const emea = await createUnit(aDb, operator, { parentId: sales.id, name: 'EMEA' });
    const engineering = await createUnit(aDb, operator, { parentId: a.rootUnitId, name: 'Engineering' });

    // B's owner is nobody in A yet: nothing is said.
    assert.equal(await findUnitElsewhere(as(b.tenantId, b.ownerUserId), emea.id, deps()), undefined);

    const user = await ensureUser(platform(), b.ownerEmail, 'Home Owner');
    await addMembership(aDb, operator, { unitId: sales.id, role: 'member', userId: user.id, email: b.ownerEmail, name: 'Home Owner' });
    assert.deepEqual(await findUnitElsewhere(as(b.tenantId, b.ownerUserId), emea.id, deps()), {
      tenantId: a.tenantId, tenantName: (await getTenantSettings(aDb)).name, unitName: 'EMEA',
    });
    // A member of Sales does not see Engineering: not named.
    assert.equal(await findUnitElsewhere(as(b.tenantId, b.ownerUserId), engineering.id, deps()), undefined);
    // The active tenant itself is never asked; malformed ids ask nobody.
    assert.equal(await findUnitElsewhere(as(a.tenantId, b.ownerUserId), emea.id, deps()), undefined);
    assert.equal(await findUnitElsewhere(as(b.tenantId, b.ownerUserId), 'not-an-id', deps()), undefined);
  });
});
