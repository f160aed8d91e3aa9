// The chart's drawing as SVG, PNG and PDF, without the stack: well-formed XML whatever the names
// hold, the PNG's signature and bounded size, the PDF's pages on A4 and Letter and its text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { drawPeopleChart, drawUnitChart, escapeXml, fit, renderChartSvg, type ChartUnit, type UnitChart } from '../../lib/chart';
import { attachmentDisposition, chartFileName, chartFileNameUtf8, planPdf, pngScale, renderChartPdf, renderChartPng, shapesByTile } from '../../lib/chart/server';
import { createRenderGate } from '../../lib/chart/render-gate';
import { CHART_LIMITS } from '../../lib/chart/limits';
import { ArborError } from '../../lib/errors';

const HOSTILE = 'R&D <script>alert("x")</script> \'quoted\' 🚀 Zürich 東京 \u0007bell \ud800lone';

/** A tree of `n` units, `fanOut` children each, the second unit with a hostile name. */
function unitChart(n: number, fanOut = 4, tenantName = 'Acme & <Co> "Ltd"'): UnitChart {
  const units: ChartUnit[] = Array.from({ length: n }, (_, i) => ({
    id: `U${String(i).padStart(5, '0')}`,
    parentId: i === 0 ? null : `U${String(Math.floor((i - 1) / fanOut)).padStart(5, '0')}`,
    name: i === 1 ? HOSTILE : `Unit ${i}`,
    depth: 0,
    memberCount: i,
    childCount: fanOut,
    leaders: i % 2 ? [{ userId: `P${i}`, name: 'Ada <Lovelace>', initials: 'A&', role: 'manager', roleName: 'Manager' }] : [],
    leaderCount: i % 2 ? 3 : 0,
  }));
  return { tenantName, generatedAt: '2026-11-28T10:00:00.000Z', rootId: units[0].id, breadcrumb: [], units, viewerUnitIds: [] };
}

function parseXml(svg: string) {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: { error: (m: string) => void errors.push(m), fatalError: (m: string) => void errors.push(m) } }).parseFromString(svg, 'image/svg+xml');
  assert.deepEqual(errors, [], 'well-formed');
  return doc;
}

/** A PDF's pages, counted from its page objects. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('the SVG', () => {
  test('is well-formed with markup, quotes, emoji, control characters and lone surrogates in names', () => {
    const svg = renderChartSvg(drawUnitChart(unitChart(6), { highlight: new Set(['U00002']) }));
    const doc = parseXml(svg);
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent ?? '');
    assert.ok(texts.includes('Acme & <Co> "Ltd"'), 'the title, unescaped once parsed');
    assert.ok(texts.some((t) => t.startsWith('R&D <script>')), 'the hostile name, as text');
    assert.equal(doc.getElementsByTagName('script').length, 0);
    assert.ok(!svg.includes('\u0007') && !/[\ud800-\udbff](?![\udc00-\udfff])/.test(svg));
    assert.ok(svg.includes('stroke="#2563eb"'), 'the highlighted card');
    assert.equal(doc.getElementsByTagName('title')[0].textContent, 'Acme & <Co> "Ltd": org chart, 2026-11-28');
  });

  test('escapes each markup character and keeps emoji whole', () => {
    assert.equal(escapeXml(`<a href="x">&'`), '&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    assert.equal(escapeXml('🚀 Zürich'), '🚀 Zürich');
  });

  test('names too long for their card are cut with an ellipsis, never inside an emoji', () => {
    const long = fit('🚀'.repeat(40), 100, 14);
    assert.ok(long.endsWith('…'));
    assert.equal(Array.from(long.slice(0, -1)).every((c) => c === '🚀'), true);
    assert.equal(fit('Sales', 200, 14), 'Sales');
  });

  test('folded units leave their subtrees out; the people chart draws several tops side by side', () => {
    const all = drawUnitChart(unitChart(21));
    const folded = drawUnitChart(unitChart(21), { collapsed: new Set(['U00001']) });
    assert.equal(all.cards.length, 21);
    assert.equal(folded.cards.length, 17, "Unit 1's four children left out");
    assert.ok(!folded.cards.some((c) => ['U00005', 'U00006', 'U00007', 'U00008'].includes(c.id)));
    const people = drawPeopleChart({
      tenantName: 'Acme', generatedAt: '2026-11-28T10:00:00.000Z', viewerUserId: 'A',
      people: [
        { userId: 'A', name: 'Ann', initials: 'A', email: 'a@x', managerId: null, reportCount: 1 },
        { userId: 'B', name: 'Bob', initials: 'B', email: 'b@x', managerId: 'A', reportCount: 0, managerElsewhere: true, unit: { id: 'U', name: 'Sales' } },
        { userId: 'C', name: 'Cy', initials: 'C', email: 'c@x', managerId: null, reportCount: 0 },
      ],
    });
    assert.deepEqual(people.cards.map((c) => c.id).sort(), ['A', 'B', 'C']);
    const svg = renderChartSvg(people);
    parseXml(svg);
    assert.ok(svg.includes('>Manager in another unit<'));
    assert.equal((svg.match(/stroke-dasharray/g) ?? []).length, 1, "the line to Bob's manager, in another unit, is dashed");
  });

  test('more cards than one export holds: a typed error', () => {
    assert.throws(() => drawUnitChart(unitChart(CHART_LIMITS.maxExportNodes + 1, 50)), (e) => e instanceof ArborError && e.code === 'chart.tooManyCards');
  });
});

describe('the PNG', () => {
  test('has the PNG signature and the drawing at twice its size', async () => {
    const drawing = drawUnitChart(unitChart(6));
    const png = await renderChartPng(drawing);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    assert.equal(width, Math.ceil(drawing.width * 2));
    assert.equal(height, Math.ceil(drawing.height * 2));
  });

  test('a wide chart is scaled down to the longest side and pixel bounds', async () => {
    assert.equal(pngScale(1000, 500), 2);
    const scale = pngScale(200_000, 1_000);
    assert.ok(200_000 * scale <= CHART_LIMITS.maxPngSide + 1);
    const big = pngScale(12_000, 12_000);
    assert.ok(12_000 * 12_000 * big * big <= 48_000_001);
    const drawing = drawUnitChart(unitChart(400, 20));
    const png = await renderChartPng(drawing);
    assert.ok(Math.max(png.readUInt32BE(16), png.readUInt32BE(20)) <= CHART_LIMITS.maxPngSide);
  });
});

describe('the PDF', () => {
  test('a small chart is one page naming the organization', async () => {
    const pdf = await renderChartPdf(drawUnitChart(unitChart(6)), 'a4');
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(pdfPages(pdf), 1);
    // The document's title (an info string, UTF-16 hex or literal) carries the organization's name.
    const info = pdf.toString('latin1');
    assert.ok(info.includes('Acme') || info.includes(Buffer.from('Acme', 'utf16le').swap16().toString('hex').toUpperCase()), 'the title names the organization');
  });

  test('a large chart is an overview and numbered parts; A4 and Letter cut it differently', async () => {
    const drawing = drawUnitChart(unitChart(300, 6));
    const a4 = planPdf(drawing, 'a4');
    const letter = planPdf(drawing, 'letter');
    assert.ok(a4.pages > 2 && letter.pages > 2);
    assert.notEqual(a4.pages, letter.pages, 'Letter is narrower and taller than A4');
    const pdf = await renderChartPdf(drawing, 'letter');
    assert.equal(pdfPages(pdf), letter.pages);
    assert.equal(letter.tiles.length, letter.pages - 1, 'the overview, then one page a part');
    // Every card is on at least one part.
    for (const card of drawing.cards) assert.ok(letter.tiles.some((t) => card.x < t.x + t.width && t.x < card.x + card.width && card.y < t.y + t.height && t.y < card.y + card.height), card.id);
  });

  test('shapes are bucketed by part: the same shapes, in order, as checking each against each part', () => {
    const drawing = drawUnitChart(unitChart(700, 5));
    for (const paper of ['a4', 'letter'] as const) {
      const plan = planPdf(drawing, paper);
      assert.ok(plan.tiles.length > 4);
      const box = (s: (typeof drawing.shapes)[number]) => {
        if (s.kind === 'rect') return s;
        if (s.kind === 'circle') return { x: s.cx - s.r, y: s.cy - s.r, width: 2 * s.r, height: 2 * s.r };
        if (s.kind === 'text') return { x: s.x - 120, y: s.y - s.size, width: 360, height: s.size * 1.5 };
        const xs = s.points.map((p) => p[0]);
        const ys = s.points.map((p) => p[1]);
        return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs) + 1, height: Math.max(...ys) - Math.min(...ys) + 1 };
      };
      const brute = plan.tiles.map((t) =>
        drawing.shapes.filter((s) => {
          const b = box(s);
          return b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
        }),
      );
      assert.deepEqual(shapesByTile(drawing.shapes, plan), brute, paper);
    }
  });
});

test('renders beyond the process limit are refused at once with chart.busy, and the slot frees', async () => {
  const gate = createRenderGate(2);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const running = [gate.run(() => held), gate.run(() => held)];
  await assert.rejects(gate.run(async () => 'x'), (e) => e instanceof ArborError && e.code === 'chart.busy');
  release();
  await Promise.all(running);
  assert.equal(gate.running, 0);
  assert.equal(await gate.run(async () => 'drawn'), 'drawn');
  await assert.rejects(gate.run(() => Promise.reject(new Error('boom'))));
  assert.equal(gate.running, 0, 'a failed render frees its slot');
});

test('the file name is the organization as ASCII, the org-chart word and the day', () => {
  assert.equal(chartFileName('Acme & Zürich Ltd.', '2026-11-28', 'pdf'), 'acme-zurich-ltd-org-chart-2026-11-28.pdf');
  assert.equal(chartFileName('東京', '2026-11-28', 'png'), 'organization-org-chart-2026-11-28.png');
  assert.equal(chartFileName('"; rm -rf /', '2026-11-28', 'svg'), 'rm-rf-org-chart-2026-11-28.svg');
});

test('the download also carries the name in its own script (filename*, UTF-8, percent-encoded)', () => {
  assert.equal(chartFileNameUtf8('東京 本社', '2026-11-28', 'png'), '東京-本社-org-chart-2026-11-28.png');
  assert.equal(chartFileNameUtf8('a/b\\c:"d"\u0007 %e\ud800', '2026-11-28', 'pdf'), 'abcd-e-org-chart-2026-11-28.pdf');
  assert.equal(chartFileNameUtf8('///', '2026-11-28', 'svg'), 'organization-org-chart-2026-11-28.svg');
  const header = attachmentDisposition(chartFileName('東京', '2026-11-28', 'png'), chartFileNameUtf8("東京 (O'Neil)*", '2026-11-28', 'png'));
  assert.equal(
    header,
    "attachment; filename=\"organization-org-chart-2026-11-28.png\"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC-%28O%27Neil%29-org-chart-2026-11-28.png",
  );
  // Only RFC 8187 attr-chars and percent escapes after the charset.
  assert.match(header.split("UTF-8''")[1], /^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
  assert.equal(decodeURIComponent(header.split("UTF-8''")[1]), "東京-(O'Neil)-org-chart-2026-11-28.png");
});
