// The console's links prefetch on intent (components/ui/link.tsx): Next's own <Link> prefetches
// every link that scrolls into view, so one page of chart cards or list rows would cost a server
// render each while the person only looks. Reads app/ and components/ and fails on any other
// import of next/link. Reads the code only; no stack needed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const INTENT_LINK = join('components', 'ui', 'link.tsx');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('only the intent link imports next/link', () => {
  const importers = ['app', 'components'].flatMap(sources).filter((f) => /from\s+['"]next\/link['"]/.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(importers, [INTENT_LINK], 'use Link from @/components/ui/link');
});
