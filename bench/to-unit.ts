// Times toUnit over 10,000 stored unit items (the size of the bench's large subtree): the cost of
// turning items into domain objects at the boundary. `npx tsx bench/to-unit.ts`
import { ulid } from 'ulid';
import { childPath, rootPath, toUnit, unitItem } from '../lib/org/unit-item';

const N = 10_000;
const ROUNDS = 30;
const tenantId = ulid();
const root = ulid();
const now = new Date().toISOString();
const items = Array.from({ length: N }, (_, i) => {
  const id = ulid();
  const parentPath = rootPath(root);
  return unitItem({
    tenantId, id, name: `Unit ${i}`, parentId: root, path: childPath(parentPath, id), depth: 1,
    childCount: 0, memberCount: 3, version: 1, createdAt: now, updatedAt: now,
    administrators: i % 10 === 0 ? { [ulid()]: { role: 'manager', name: 'Ada', email: 'ada@example.com' } } : {},
  });
});

const times: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const start = process.hrtime.bigint();
  for (const item of items) toUnit(item);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const warm = times.slice(5).sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)]!;
console.log(`toUnit × ${N}: first ${times[0]!.toFixed(2)} ms, median of ${warm.length} warm rounds ${median.toFixed(2)} ms (${((median * 1e6) / N).toFixed(0)} ns per item)`);
