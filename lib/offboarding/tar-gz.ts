// One gzip-compressed tar file of named entries held in memory (tar-stream, MIT): what `tenant
// export` writes and `tenant copy --from-archive` reads back. Reading is bounded before anything
// is inflated further: only the names asked for, each at most `maxBytes`, at most `maxEntries`.
import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

export async function writeTarGz(path: string, entries: ArchiveEntry[], mtime: Date): Promise<void> {
  const archive = pack();
  const done = pipeline(archive, createGzip(), createWriteStream(path, { mode: 0o600 }));
  for (const e of entries) {
    await new Promise<void>((resolve, reject) => archive.entry({ name: e.name, size: e.data.length, mtime, mode: 0o600 }, e.data, (err) => (err ? reject(err) : resolve())));
  }
  archive.finalize();
  await done;
}

/** Why an archive could not be read as asked (the caller turns it into its own error). */
export class ArchiveRefused extends Error {}

export async function readTarGz(path: string, limits: { names: readonly string[]; maxBytes: number }): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const reader = extract();
  const reading = (async () => {
    for await (const entry of reader) {
      const { name, type, size = 0 } = entry.header;
      if (type !== 'file' || !limits.names.includes(name)) throw new ArchiveRefused(`it holds an entry Arbor did not write (${name.slice(0, 100)})`);
      if (entries.has(name)) throw new ArchiveRefused(`it holds ${name} twice`);
      if (size > limits.maxBytes) throw new ArchiveRefused(`${name} is larger than ${limits.maxBytes} bytes`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(name, Buffer.concat(chunks));
    }
  })().catch((e: unknown) => {
    reader.destroy(e as Error); // stops the pipeline feeding it
    throw e;
  });
  try {
    await Promise.all([pipeline(createReadStream(path), createGunzip(), reader), reading]);
  } catch (e) {
    if (e instanceof ArchiveRefused) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ArchiveRefused('there is no such file');
    throw new ArchiveRefused('it is not a gzip-compressed tar file, or it is cut short');
  }
  return entries;
}
