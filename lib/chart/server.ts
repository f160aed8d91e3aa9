// The org chart's server side: the loaders behind the chart's endpoints and screens, and the PNG
// and PDF exports. lib/chart/index.ts stays browser-safe (shapes, layout, the SVG drawing).
import 'server-only';
export { loadUnitChart, type UnitChartOptions } from './load-unit-chart';
export { chartTooLarge, tooManyCards, personNotFound } from './errors';
export { loadPeopleChart, type PeopleChartOptions } from './load-people-chart';
export { renderChartPng, pngScale, MAX_PIXELS } from './png';
export { renderChartPdf, planPdf, shapesByTile, PAPER, MIN_READABLE_SCALE, type PdfPlan } from './pdf';
export { chartFontFiles } from './fonts';
export { exportChart, chartFileName, chartFileNameUtf8, attachmentDisposition, type ChartFile } from './export-chart';
