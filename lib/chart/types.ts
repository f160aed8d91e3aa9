// The org chart's shapes (docs/org-chart.md): what the chart endpoints answer, what the layout
// takes and gives, and what an export asks for. Browser-safe: the console's chart and the
// server's exports share them.

/** Someone shown on a card: a unit's leader, or a person in the people chart. */
export interface ChartPersonRef {
  userId: string;
  name: string;
  /** One or two letters drawn in place of a picture. */
  initials: string;
}

/** A person who leads a unit, and by which role (built-in, or the tenant's custom role). */
export interface ChartLeader extends ChartPersonRef {
  /** `owner` | `admin` | `manager`, or a custom role's key. */
  role: string;
  /** The role's name in the console's words ("Manager", "Budget approver"). */
  roleName: string;
}

/** A unit as the chart draws it: compact, since 10,000 of them travel to the browser at once. */
export interface ChartUnit {
  id: string;
  /** null for the top of what the chart shows. */
  parentId: string | null;
  name: string;
  /** Levels below the tenant's top unit. */
  depth: number;
  memberCount: number;
  childCount: number;
  /** Up to CHART_LIMITS.leadersPerCard, strongest role first. */
  leaders: ChartLeader[];
  /** How many lead it in all (the card says "+2" past the ones shown). */
  leaderCount: number;
}

/** GET /api/v1/chart/units: the unit tree below `rootId`, as far as the viewer may see. */
export interface UnitChart {
  tenantName: string;
  /** ISO time the data was read (printed on exports). */
  generatedAt: string;
  rootId: string;
  /** The root's ancestors the viewer may see, top first (the chart's breadcrumb). */
  breadcrumb: { id: string; name: string }[];
  /** Parents before children (path order). */
  units: ChartUnit[];
  /** The viewer's own units within this chart: where it opens. */
  viewerUnitIds: string[];
}

/** A person in the people chart (reporting lines, docs/org-chart.md#reporting-lines). */
export interface ChartPerson extends ChartPersonRef {
  email: string;
  /** Their manager's user id; null at the top of a line. */
  managerId: string | null;
  /** How many report to them directly (span of control). */
  reportCount: number;
  /** The unit they are drawn with (their first membership), when the viewer may see it. */
  unit?: { id: string; name: string };
  /** The manager sits in another unit than theirs (drawn as such). */
  managerElsewhere?: boolean;
}

/** GET /api/v1/chart/people: who reports to whom, as far as the viewer may see. */
export interface PeopleChart {
  tenantName: string;
  generatedAt: string;
  /** Managers before their reports; people whose manager the viewer may not see are tops. */
  people: ChartPerson[];
  viewerUserId: string;
}

/** A node handed to the layout: its size is the card's, measured by whoever draws it. */
export interface LayoutInput {
  id: string;
  parentId: string | null;
  width: number;
  height: number;
}

export interface PlacedNode {
  id: string;
  /** Top-left corner of the card, in chart units (pixels at zoom 1). */
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
}

/** A connector from a parent's card to a child's, as an orthogonal polyline. */
export interface PlacedLink {
  from: string;
  to: string;
  points: [number, number][];
}

export interface ChartLayout {
  nodes: PlacedNode[];
  links: PlacedLink[];
  /** The drawing's extent. */
  bounds: { x: number; y: number; width: number; height: number };
}

export type ExportFormat = 'svg' | 'png' | 'pdf';
export type PaperSize = 'a4' | 'letter';

/** GET /api/v1/chart/export. */
export interface ExportRequest {
  kind: 'units' | 'people';
  format: ExportFormat;
  /** units: the subtree's top (default: the viewer's top); people: the line's top person. */
  rootId?: string;
  /** PDF only; landscape always. */
  paper?: PaperSize;
  /** Units whose subtrees are drawn folded (the console's collapsed cards). */
  collapsed?: string[];
}
