// The chart as PNG: the SVG export rasterized by resvg (Rust, off the event loop), with the
// shipped font only. Bounded: the longest side at most CHART_LIMITS.maxPngSide and the image at
// most MAX_PIXELS, scaling down to fit; small charts are drawn at twice their size for sharpness.
import 'server-only';
import { renderAsync } from '@resvg/resvg-js';
import { CHART_LIMITS } from './limits';
import type { Drawing } from './drawing';
import { chartFontFiles } from './fonts';
import { CHART_FONT, renderChartSvg } from './svg';

/** 48 megapixels: about 190 MB while rasterizing, the most one export may hold. */
export const MAX_PIXELS = 48_000_000;

/** How much the drawing is scaled: 2 at most, less to stay inside both bounds. */
export function pngScale(width: number, height: number): number {
  return Math.min(2, CHART_LIMITS.maxPngSide / Math.max(width, height), Math.sqrt(MAX_PIXELS / (width * height)));
}

export async function renderChartPng(drawing: Drawing): Promise<Buffer> {
  const fonts = chartFontFiles();
  const image = await renderAsync(renderChartSvg(drawing), {
    fitTo: { mode: 'zoom', value: pngScale(drawing.width, drawing.height) },
    font: { loadSystemFonts: false, fontFiles: [fonts.regular, fonts.bold], defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT },
    background: '#f9fafb',
    logLevel: 'off',
  });
  return image.asPng();
}
