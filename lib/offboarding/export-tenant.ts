// A tenant as a portable archive (`npm run cli -- tenant export <id> [--out <dir>]`;
// docs/offboarding.md): one file `arbor-<tenant>-<time>.tar.gz` holding
//   items.jsonl   – every item of the tenant, one JSON object per line, sorted by PK and SK:
//                   its own `T#<t>…` items, its platform items (`TENANT#<t>`, its domain claims,
//                   its tokens) and the `USER#`/`EMAIL#` records of its people; sealed secrets
//                   left out (redact-secrets.ts);
//   units.csv, memberships.csv – the console's exports (lib/bulk), which import back as they are;
//   manifest.json – counts per item type, every other entry's size and SHA-256, what was left out
//                   (first in the archive; `tenant copy --from-archive` checks it before writing).
// Items are found as the deletion finds them (tenant-catalog.ts: the tenant's partitions and
// indexes, no Scan).
import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { batchGet, keys } from '../db';
import { exportRoot, membershipsCsv, unitsCsv } from '../bulk/export-csv';
import { itemId, type OffboardingScope, type StoredItem } from './offboarding-scope';
import { redactSecrets } from './redact-secrets';
import { writeTarGz } from './tar-gz';
import { catalogTenant } from './tenant-catalog';

export const EXPORT_FORMAT = 'arbor-tenant-export';
/** 2: one .tar.gz file (1 was a folder). */
export const EXPORT_FORMAT_VERSION = 2;
export const ARCHIVE_ENTRIES = ['manifest.json', 'items.jsonl', 'units.csv', 'memberships.csv'] as const;

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  tenantId: string;
  organization: string;
  exportedAt: string;
  table: string;
  /** Items per `type` (items.jsonl), and in all. */
  counts: Record<string, number>;
  total: number;
  /** Every entry of the archive but the manifest: its bytes, SHA-256 (hex) and lines. */
  files: Record<string, { bytes: number; sha256: string; lines: number }>;
  /** Attribute paths replaced by a marker, per item type. */
  redacted: Record<string, string[]>;
}

/** JSON for a stored item: sets as sorted arrays, binary as base64. */
const toJson = (item: StoredItem) =>
  JSON.stringify(item, (_k, v) => (v instanceof Set ? [...v].sort() : v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));

export async function exportTenant(scope: OffboardingScope, input: { outDir: string; now?: Date }): Promise<{ file: string; manifest: ExportManifest }> {
  const tenantId = scope.tenant.tenantId;
  const now = input.now ?? new Date();
  // The settings and the top unit first: a tenant that does not exist fails here (tenant.notFound).
  const { root, name } = await exportRoot(scope.tenant);
  const { tenantItems, platformItems } = await catalogTenant(scope);
  const userIds = [...new Set(tenantItems.filter((i) => i.type === 'tenantUser').map((i) => String(i.userId)))];
  const users = await batchGet(scope.platform, userIds.map((u) => keys.user(u)));
  const emails = await batchGet(scope.platform, users.filter((u) => typeof u.email === 'string').map((u) => keys.userEmail(String(u.email))));
  const all = new Map<string, StoredItem>();
  for (const i of [...tenantItems, ...platformItems, ...users, ...emails]) all.set(itemId(i), i);
  const sorted = [...all.values()].sort((a, b) => (String(a.PK) < String(b.PK) ? -1 : String(a.PK) > String(b.PK) ? 1 : String(a.SK) < String(b.SK) ? -1 : 1));

  await mkdir(input.outDir, { recursive: true });
  const file = join(input.outDir, `arbor-${tenantId}-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const counts: Record<string, number> = {};
  const redacted: Record<string, Set<string>> = {};
  const lines = sorted.map((raw) => {
    const type = String(raw.type ?? 'unknown');
    counts[type] = (counts[type] ?? 0) + 1;
    const { item, redacted: paths } = redactSecrets(raw);
    for (const p of paths) (redacted[type] ??= new Set()).add(p);
    return `${toJson(item)}\n`;
  });
  const entries = [
    { name: 'items.jsonl', data: Buffer.from(lines.join(''), 'utf8') },
    { name: 'units.csv', data: await collect(unitsCsv(scope.tenant, root)) },
    { name: 'memberships.csv', data: await collect(membershipsCsv(scope.tenant, root)) },
  ];
  const files = Object.fromEntries(entries.map((e) => [e.name, describeEntry(e.data)]));
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    tenantId,
    organization: name,
    exportedAt: now.toISOString(),
    table: scope.tenant.tableName,
    counts: Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))),
    total: sorted.length,
    files,
    redacted: Object.fromEntries(Object.entries(redacted).map(([t, s]) => [t, [...s].sort()])),
  };
  const manifestEntry = { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8') };
  await writeTarGz(file, [manifestEntry, ...entries], now);
  return { file, manifest };
}

export function describeEntry(data: Buffer) {
  let lines = 0;
  for (const byte of data) if (byte === 10) lines++;
  return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex'), lines };
}

async function collect(chunks: AsyncIterable<string>): Promise<Buffer> {
  const parts: string[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.from(parts.join(''), 'utf8');
}
