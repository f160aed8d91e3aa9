// The audit log's filters as addresses: the page's (?actor=&action=&unit=&from=&to=, labels kept)
// and the API's (GET /api/v1/audit, the CSV export). Shared by the server page and the filters.

export interface AuditFilterValues {
  actor?: { id: string; label: string };
  action?: string;
  unit?: { id: string; name: string };
  /** YYYY-MM-DD (UTC day). */
  from?: string;
  to?: string;
}

/** The API's query for these filters (the list's later pages and the CSV export). */
export function auditQuery(f: AuditFilterValues): URLSearchParams {
  const q = new URLSearchParams();
  if (f.actor) q.set('actorId', f.actor.id);
  if (f.action) q.set('action', f.action);
  if (f.unit) q.set('unitId', f.unit.id);
  if (f.from) q.set('from', `${f.from}T00:00:00.000Z`);
  if (f.to) q.set('to', `${f.to}T23:59:59.999Z`);
  return q;
}

/** The page address for these filters (labels kept so the page can name what is chosen). */
export function pageQuery(f: AuditFilterValues): string {
  const q = new URLSearchParams();
  if (f.actor) {
    q.set('actor', f.actor.id);
    q.set('actorLabel', f.actor.label);
  }
  if (f.action) q.set('action', f.action);
  if (f.unit) {
    q.set('unit', f.unit.id);
    q.set('unitLabel', f.unit.name);
  }
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}
