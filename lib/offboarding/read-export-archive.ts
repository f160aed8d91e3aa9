// Reads back an archive `tenant export` wrote, and proves it is that archive before anything is
// written: the manifest is Arbor's (format and version), names the tenant asked for, and lists
// exactly the entries present, each with the bytes and SHA-256 it has. Anything else — a changed
// byte, an entry added or missing, another tenant's archive, a file that is no tar.gz — is
// `offboarding.badArchive`.
import 'server-only';
import { stat } from 'node:fs/promises';
import { isTenantPartition, keys, tenantPrefix } from '../db';
import { badArchive } from './errors';
import { ARCHIVE_ENTRIES, describeEntry, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportManifest } from './export-tenant';
import type { StoredItem } from './offboarding-scope';
import { ArchiveRefused, readTarGz } from './tar-gz';

/** Bounds on what is read into memory: the archive on disk, and each entry inflated. */
export const MAX_ARCHIVE_BYTES = 2 * 1024 ** 3;
export const MAX_ENTRY_BYTES = 4 * 1024 ** 3;

export interface ExportArchive {
  manifest: ExportManifest;
  /** items.jsonl, as exported (sets as arrays, sealed secrets as the marker). */
  items: StoredItem[];
}

export async function readExportArchive(path: string, tenantId: string): Promise<ExportArchive> {
  const size = await stat(path).then((s) => (s.isFile() ? s.size : -1), () => -1);
  if (size < 0) throw badArchive('there is no such file');
  if (size > MAX_ARCHIVE_BYTES) throw badArchive(`it is larger than ${MAX_ARCHIVE_BYTES} bytes`);
  let entries: Map<string, Buffer>;
  try {
    entries = await readTarGz(path, { names: ARCHIVE_ENTRIES, maxBytes: MAX_ENTRY_BYTES });
  } catch (e) {
    if (e instanceof ArchiveRefused) throw badArchive(e.message);
    throw e;
  }
  const manifest = parseManifest(entries.get('manifest.json'));
  if (manifest.tenantId !== tenantId) throw badArchive(`it is the export of another organization (${String(manifest.tenantId).slice(0, 40)})`);
  const listed = Object.keys(manifest.files).sort();
  const present = [...entries.keys()].filter((n) => n !== 'manifest.json').sort();
  if (listed.join() !== present.join()) throw badArchive(`its entries (${present.join(', ')}) are not those its manifest lists`);
  for (const name of present) {
    const actual = describeEntry(entries.get(name)!);
    const expected = manifest.files[name]!;
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) throw badArchive(`${name} does not match its SHA-256 in the manifest`);
  }
  const items = parseItems(entries.get('items.jsonl'));
  if (items.length !== manifest.total) throw badArchive(`items.jsonl holds ${items.length} items, the manifest ${manifest.total}`);
  // The checksums prove the archive unchanged since it was written, not who wrote it: an item
  // outside this tenant (its key or an index key in another tenant's partitions) is refused too,
  // since the operator's credentials would write it anywhere.
  const foreign = items.find((item) => !belongsTo(item, tenantId));
  if (foreign) throw badArchive(`it holds an item outside this organization (${String(foreign.PK).slice(0, 80)})`);
  return { manifest, items };
}

/** The tenant's own partitions, its platform records, and the people's identity records. */
function belongsTo(item: StoredItem, tenantId: string): boolean {
  const inTenant = (key: string) => isTenantPartition(tenantId, key);
  const pk = String(item.PK);
  const placed =
    inTenant(pk) || pk === keys.tenantPartition(tenantId) ||
    ((pk.startsWith(keys.domainClaimPrefix) || pk.startsWith(keys.accessTokenPrefix)) && item.tenantId === tenantId) ||
    (item.type === 'user' && pk.startsWith(keys.userPrefix)) || (item.type === 'userEmail' && pk.startsWith(keys.userEmailPrefix));
  const indexKeys = Object.entries(item).filter(([name]) => /^GSI\d+PK$/.test(name)).map(([, value]) => String(value));
  return placed && indexKeys.every((key) => !key.startsWith(tenantPrefix('')) || inTenant(key));
}

function parseManifest(data: Buffer | undefined): ExportManifest {
  if (!data) throw badArchive('it has no manifest.json');
  let manifest: Partial<ExportManifest>;
  try {
    manifest = JSON.parse(data.toString('utf8')) as Partial<ExportManifest>;
  } catch {
    throw badArchive('its manifest.json is not JSON');
  }
  if (manifest?.format !== EXPORT_FORMAT || manifest.formatVersion !== EXPORT_FORMAT_VERSION) {
    throw badArchive(`it is not an Arbor tenant export of format version ${EXPORT_FORMAT_VERSION}`);
  }
  const files = manifest.files;
  const wellFormed = (f: unknown) => Boolean(f) && typeof (f as { sha256?: unknown }).sha256 === 'string' && typeof (f as { bytes?: unknown }).bytes === 'number';
  if (!files || typeof files !== 'object' || !Object.values(files).every(wellFormed) || typeof manifest.total !== 'number') {
    throw badArchive('its manifest does not list its entries with their SHA-256');
  }
  return manifest as ExportManifest;
}

function parseItems(data: Buffer | undefined): StoredItem[] {
  if (!data) throw badArchive('it has no items.jsonl');
  const lines = data.toString('utf8').split('\n').filter((l) => l !== '');
  return lines.map((line, i) => {
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch {
      throw badArchive(`line ${i + 1} of items.jsonl is not JSON`);
    }
    const { PK, SK } = (item ?? {}) as { PK?: unknown; SK?: unknown };
    if (typeof PK !== 'string' || typeof SK !== 'string') throw badArchive(`line ${i + 1} of items.jsonl has no PK and SK`);
    return item as StoredItem;
  });
}
