// Bounds of the chart's reads and exports, checked before any expensive work.
export const CHART_LIMITS = {
  /** Leaders drawn on a unit's card. */
  leadersPerCard: 3,
  /** Units one chart answer carries (the tenant's unit limit is larger: a deeper root is asked for). */
  maxUnits: 20_000,
  /** People one people chart answers. */
  maxPeople: 20_000,
  /** Units folded in one export request. */
  maxCollapsed: 1_000,
  /** Cards one export draws (more: fold, or export a subtree). */
  maxExportNodes: 5_000,
  /** A PNG's longest side, in pixels. */
  maxPngSide: 16_384,
  /** PNG and PDF renders one process runs at once (a PNG may hold ~190 MB while rasterizing). */
  concurrentRenders: 2,
  /** What one export counts against an API key's rate limits: a render costs far more than a read. */
  exportRatePoints: 10,
} as const;
