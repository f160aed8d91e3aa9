// Bounds of the chart's reads and exports, checked before any expensive work.
export const CHART_LIMITS = {
  /** Leaders drawn on a unit's card. */
  leadersPerCard: 3,
  /** Units one chart answer carries (the tenant's unit limit is larger: a deeper root is asked for). */
  maxUnits: 20_000,
  /** People one people chart answers. */
  maxPeople: 20_000,
  /**
   * Cards folded in one export request. They travel in its URL, 27 characters each: 400 are about
   * 10.8 KB, inside Node's 16 KiB limit on a request's headers with room for the session cookie.
   */
  maxCollapsed: 400,
  /** Cards one export draws (more: fold, or export a subtree). */
  maxExportNodes: 5_000,
  /** A PNG's longest side, in pixels. */
  maxPngSide: 16_384,
  /** PNG and PDF renders one process runs at once (a PNG may hold ~190 MB while rasterizing). */
  concurrentRenders: 2,
  /** What one export counts against an API key's rate limits: a render costs far more than a read. */
  exportRatePoints: 10,
} as const;
