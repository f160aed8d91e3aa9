// Writes latest.json and latest.md (through a temporary file, so a crash leaves the last good pair).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from './markdown';
import type { BenchResults } from './results';

export type { BenchResults } from './results';

export function writeResults(dir: string, results: BenchResults): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    [join(dir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`],
    [join(dir, 'latest.md'), `${renderMarkdown(results)}\n`],
  ];
  for (const [path, text] of files) {
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  }
  return files.map(([path]) => path);
}
