// GET /api/v1/chart/export's work: read the chart the caller may see (the same loaders as the
// chart's own endpoints, authorized the same way), draw it once, and paint it as SVG, PNG or PDF.
import 'server-only';
import type { ActorAccess, Authorize } from '../authz';
import type { TenantDb } from '../db';
import { drawPeopleChart, drawUnitChart, type Drawing } from './drawing';
import { loadPeopleChart } from './load-people-chart';
import { loadUnitChart } from './load-unit-chart';
import { renderChartPdf } from './pdf';
import { renderChartPng } from './png';
import { createRenderGate } from './render-gate';
import { CHART_LIMITS } from './limits';
import { renderChartSvg } from './svg';
import type { ExportRequest } from './types';

export interface ChartFile {
  body: Buffer;
  contentType: string;
  fileName: string;
  /** The Content-Disposition header: the ASCII name, and the name in the organization's own script. */
  disposition: string;
}

/** The process's render slots, shared by every PNG and PDF export. */
export const renderGate = createRenderGate(CHART_LIMITS.concurrentRenders);

const TYPES = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png', pdf: 'application/pdf' } as const;

export async function exportChart(db: TenantDb, viewer: ActorAccess, request: ExportRequest, authorize?: Authorize): Promise<ChartFile> {
  const drawing = await drawingFor(db, viewer, request, authorize);
  const body =
    request.format === 'svg'
      ? Buffer.from(renderChartSvg(drawing), 'utf8')
      : await renderGate.run(() => (request.format === 'png' ? renderChartPng(drawing) : renderChartPdf(drawing, request.paper ?? 'a4')));
  const fileName = chartFileName(drawing.title, drawing.date, request.format);
  return { body, contentType: TYPES[request.format], fileName, disposition: attachmentDisposition(fileName, chartFileNameUtf8(drawing.title, drawing.date, request.format)) };
}

async function drawingFor(db: TenantDb, viewer: ActorAccess, request: ExportRequest, authorize?: Authorize): Promise<Drawing> {
  const collapsed = new Set(request.collapsed ?? []);
  if (request.kind === 'people') {
    const chart = await loadPeopleChart(db, viewer, { rootUserId: request.rootId, authorize });
    const top = request.rootId ? chart.people[0] : undefined;
    return drawPeopleChart(chart, { collapsed, subtitle: top ? `Reporting to ${top.name}` : 'Reporting lines' });
  }
  const chart = await loadUnitChart(db, viewer, { rootId: request.rootId, authorize });
  const root = chart.units[0];
  return drawUnitChart(chart, { collapsed, subtitle: root && root.depth > 0 ? `${root.name} and below` : undefined });
}

/** `<org-slug>-org-chart-<yyyy-mm-dd>.<ext>`: ASCII only, safe in any Content-Disposition. */
export function chartFileName(organization: string, date: string, ext: string): string {
  const slug =
    organization
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60)
      .replace(/-+$/, '') || 'organization';
  return `${slug}-org-chart-${date}.${ext}`;
}

/**
 * The same name in the organization's own script ("東京-org-chart-2026-11-28.pdf"): for
 * `filename*`, so a name with no ASCII letters is not only "organization". Characters no file
 * system takes, controls and lone surrogates are dropped; runs of spaces become one dash.
 */
export function chartFileNameUtf8(organization: string, date: string, ext: string): string {
  const name =
    Array.from(
      organization
        .normalize('NFC')
        .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
        .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|%]+/gu, '')
        .replace(/[\s.]+/gu, '-')
        .replace(/^-+|-+$/g, ''),
    )
      .slice(0, 60)
      .join('')
      .replace(/-+$/, '') || 'organization';
  return `${name}-org-chart-${date}.${ext}`;
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266, RFC 8187). */
export function attachmentDisposition(ascii: string, utf8: string): string {
  // encodeURIComponent leaves ' ( ) * unencoded; RFC 8187's attr-char does not allow them.
  const encoded = encodeURIComponent(utf8).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
