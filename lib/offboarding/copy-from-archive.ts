// A tenant back from its export (`npm run cli -- tenant copy <id> --from-archive <file>`;
// docs/offboarding.md): the archive is read and proven unchanged first (./read-export-archive.ts:
// manifest, tenant, every entry's SHA-256), then its items are written exactly as `tenant copy
// --from-table` writes a restored table's (./copy-tenant.ts). Sealed secrets never leave in an
// export, so the items that held one come back with the marker: the operator sets the SSO
// connection's secret again and rotates each webhook endpoint's.
import 'server-only';
import type { PlatformDb } from '../db';
import { writeTenantItems, type CopyReport } from './copy-tenant';
import type { ExportManifest } from './export-tenant';
import { readExportArchive } from './read-export-archive';

export async function copyTenantFromArchive(input: {
  path: string;
  target: PlatformDb;
  tenantId: string;
}): Promise<Omit<CopyReport, 'scanned'> & { manifest: ExportManifest }> {
  const { manifest, items } = await readExportArchive(input.path, input.tenantId);
  const users = items.filter((i) => i.type === 'user');
  const emails = items.filter((i) => i.type === 'userEmail');
  const own = items.filter((i) => i.type !== 'user' && i.type !== 'userEmail');
  return { ...(await writeTenantItems(input.target, input.tenantId, own, { users, emails })), manifest };
}
