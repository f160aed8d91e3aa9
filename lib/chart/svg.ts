// The chart's drawing (./drawing.ts) as an SVG document: a pure string, every text escaped, so the
// browser's download and the server's export are the same file. Browser-safe.
import type { Drawing, Shape } from './drawing';

/** The font the exports ship (Noto Sans, lib/chart/fonts.ts); viewers without it use their sans-serif. */
export const CHART_FONT = 'Noto Sans';

export function renderChartSvg(drawing: Drawing): string {
  const { width, height } = drawing;
  const body = drawing.shapes.map(shapeSvg).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="'${CHART_FONT}', Arial, sans-serif">`,
    `<title>${escapeXml(`${drawing.title}: org chart, ${drawing.date}`)}</title>`,
    `<rect width="100%" height="100%" fill="#f9fafb"/>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}

function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" rx="${n(s.radius)}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${n(s.strokeWidth)}"/>`;
    case 'circle':
      return `<circle cx="${n(s.cx)}" cy="${n(s.cy)}" r="${n(s.r)}" fill="${s.fill}"/>`;
    case 'line':
      return `<polyline points="${s.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="none" stroke="${s.stroke}" stroke-width="${n(s.width)}"${s.dashed ? ' stroke-dasharray="4 3"' : ''}/>`;
    case 'text':
      return `<text x="${n(s.x)}" y="${n(s.y)}" font-size="${n(s.size)}"${s.bold ? ' font-weight="600"' : ''} fill="${s.fill}"${s.anchor === 'middle' ? ' text-anchor="middle"' : ''}>${escapeXml(s.text)}</text>`;
  }
}

const n = (v: number) => String(Math.round(v * 100) / 100);

/**
 * Text as XML character data: markup characters escaped, and what XML 1.0 cannot carry at all
 * (control characters, unpaired surrogates) replaced, so any name gives a well-formed file.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
