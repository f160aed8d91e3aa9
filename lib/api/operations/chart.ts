// The org chart (app/api/v1/chart/**): the unit chart's and the people chart's data, and the
// chart as a file (SVG, PNG, PDF). docs/org-chart.md says what each shows to whom.
import { z } from 'zod';
import { CHART_LIMITS, type ChartLeader, type ChartPerson, type ChartUnit, type PeopleChart, type UnitChart } from '../../chart';
import { field, ULID } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const tag = 'Chart';

const leader = describes<ChartLeader>()(
  z
    .object({
      userId: z.string(), name: z.string(), initials: z.string(),
      role: z.string().meta({ description: '`owner`, `admin`, `manager`, or a custom role\'s key.' }),
      roleName: z.string(),
    })
    .meta({ id: 'ChartLeader' }),
);

const chartUnit = describes<ChartUnit>()(
  z
    .object({
      id: z.string(),
      parentId: z.string().nullable().meta({ description: 'null for the top of the chart.' }),
      name: z.string(),
      depth: z.int().meta({ description: "Levels below the organization's top unit." }),
      memberCount: z.int(),
      childCount: z.int(),
      leaders: z.array(leader).meta({ description: `Who leads it, strongest role first; at most ${CHART_LIMITS.leadersPerCard}.` }),
      leaderCount: z.int().meta({ description: 'How many lead it in all.' }),
    })
    .meta({ id: 'ChartUnit' }),
);

const unitChart = describes<UnitChart>()(
  z
    .object({
      tenantName: z.string(),
      generatedAt: z.string().meta({ description: 'When the data was read (ISO 8601).' }),
      rootId: z.string(),
      breadcrumb: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: "The root's ancestors the caller may see, top first." }),
      units: z.array(chartUnit).meta({ description: 'Parents before children.' }),
      viewerUnitIds: z.array(z.string()).meta({ description: "The caller's own units in this chart." }),
    })
    .meta({ id: 'UnitChart' }),
);

const chartPerson = describes<ChartPerson>()(
  z
    .object({
      userId: z.string(), name: z.string(), initials: z.string(), email: z.string(),
      managerId: z.string().nullable().meta({ description: 'null at the top of a line, or when the manager is not someone the caller may see.' }),
      reportCount: z.int().meta({ description: 'Direct reports shown (span of control).' }),
      unit: z.object({ id: z.string(), name: z.string() }).optional().meta({ description: 'The unit they are drawn with.' }),
      managerElsewhere: z.boolean().optional().meta({ description: 'Their manager belongs to none of their units.' }),
    })
    .meta({ id: 'ChartPerson' }),
);

const peopleChart = describes<PeopleChart>()(
  z
    .object({
      tenantName: z.string(),
      generatedAt: z.string(),
      people: z.array(chartPerson).meta({ description: 'Managers before their reports.' }),
      viewerUserId: z.string(),
    })
    .meta({ id: 'PeopleChart' }),
);

/** `collapsed`: unit ids, comma-separated, each a unit id, at most CHART_LIMITS.maxCollapsed. */
const collapsed = z
  .string()
  .max(CHART_LIMITS.maxCollapsed * 27, `must list at most ${CHART_LIMITS.maxCollapsed} units`)
  .transform((s) => (s === '' ? [] : s.split(',')))
  .pipe(
    z
      .array(z.string().regex(ULID, 'must list unit ids, separated by commas'))
      .max(CHART_LIMITS.maxCollapsed, `must list at most ${CHART_LIMITS.maxCollapsed} units`),
  )
  .meta({ description: `Units drawn folded, their ids separated by commas (at most ${CHART_LIMITS.maxCollapsed}).` });

export const exportQuery = z.strictObject({
  kind: z.enum(['units', 'people']).default('units'),
  format: z.enum(['svg', 'png', 'pdf']),
  rootId: z.string().regex(ULID, 'must be a unit id (kind units) or a user id (kind people)').optional().meta({
    description: "kind `units`: the unit at the top (default: the caller's top); kind `people`: the person whose line is drawn.",
  }),
  paper: z.enum(['a4', 'letter']).default('a4').meta({ description: 'PDF only: landscape A4 or Letter.' }),
  collapsed: collapsed.optional(),
});

export const chart = {
  units: operation({
    method: 'get', path: '/api/v1/chart/units', operationId: 'getUnitChart', tag,
    summary: 'The unit chart',
    description:
      "The unit tree below `rootId` (default: the caller's top unit) with who leads each unit. Needs `tree.read` on the root. " +
      `More than ${CHART_LIMITS.maxUnits.toLocaleString('en')} units answers 422 \`chart.tooLarge\`: ask for a deeper root.`,
    query: z.strictObject({ rootId: field.id('unit').optional() }),
    response: unitChart, errors: ['notFound', 'limit'],
  }),
  people: operation({
    method: 'get', path: '/api/v1/chart/people', operationId: 'getPeopleChart', tag,
    summary: 'The people chart',
    description:
      'Who reports to whom among the people the caller may see: everyone for owners and admins (`members.list`), ' +
      'else the members of the units they belong to and below (`members.read`). With `rootUserId`, only that person and the people below them.',
    query: z.strictObject({ rootUserId: field.id('user').optional() }),
    response: peopleChart, errors: ['notFound', 'limit'],
  }),
  export: operation({
    method: 'get', path: '/api/v1/chart/export', operationId: 'exportChart', tag,
    summary: 'Export the chart',
    description:
      'The unit chart or the people chart as a file, with the organization\'s name and the date, as an attachment named ' +
      '`<organization>-org-chart-<yyyy-mm-dd>.<svg|png|pdf>`. Authorized as the chart it draws. A PDF larger than one readable page ' +
      `starts with an overview page and continues on numbered pages. At most ${CHART_LIMITS.maxExportNodes.toLocaleString('en')} cards (422 \`chart.tooManyCards\`). ` +
      `Counts ${CHART_LIMITS.exportRatePoints} requests against an API key's rate limits; while the server is drawing ` +
      `${CHART_LIMITS.concurrentRenders} PNG or PDF exports, another answers 503 \`chart.busy\` with Retry-After.`,
    query: exportQuery,
    ratePoints: CHART_LIMITS.exportRatePoints,
    response: { mediaType: 'application/octet-stream', description: 'image/svg+xml, image/png or application/pdf, by `format`.' },
    errors: ['notFound', 'limit', 'unavailable'],
  }),
};
