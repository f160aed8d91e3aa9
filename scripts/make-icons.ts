// Renders public/icon.svg into the PNG icons and favicon.ico beside it (headless Chromium, as the
// e2e suite uses): `npx tsx scripts/make-icons.ts` after changing the SVG.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const out: Record<string, Buffer> = {};
for (const [name, size] of [['icon-16.png', 16], ['icon-32.png', 32], ['icon-192.png', 192], ['icon-512.png', 512], ['apple-touch-icon.png', 180]] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  const buf = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  out[name] = buf;
  if (!name.startsWith('icon-16') && !name.startsWith('icon-32')) writeFileSync(`public/${name}`, buf);
}
  // favicon.ico: an ICO directory holding the 16 and 32 px PNGs (PNG-in-ICO, read by every current browser).
const imgs: [number, Buffer][] = [[16, out['icon-16.png']], [32, out['icon-32.png']]];
const header = Buffer.alloc(6); header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(imgs.length, 4);
let offset = 6 + 16 * imgs.length;
const entries = imgs.map(([s, b]) => { const e = Buffer.alloc(16); e.writeUInt8(s, 0); e.writeUInt8(s, 1); e.writeUInt16LE(1, 4); e.writeUInt16LE(32, 6); e.writeUInt32LE(b.length, 8); e.writeUInt32LE(offset, 12); offset += b.length; return e; });
writeFileSync('public/favicon.ico', Buffer.concat([header, ...entries, ...imgs.map(([, b]) => b)]));
await browser.close();
