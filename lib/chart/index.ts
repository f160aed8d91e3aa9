// The org chart (docs/org-chart.md): the unit tree and reporting lines as pictures, their
// layout, and exports as SVG, PNG and PDF. This entry is browser-safe; the loaders and the PNG
// and PDF exports are in ./server.ts.
export * from './types';
export { CHART_LIMITS } from './limits';
export { layoutChart, type LayoutOptions } from './layout';
export { initialsOf } from './initials';
export { drawUnitChart, drawPeopleChart, fit, UNIT_CARD, PERSON_CARD, type Drawing, type DrawOptions, type Shape } from './drawing';
export { renderChartSvg, escapeXml, CHART_FONT } from './svg';
