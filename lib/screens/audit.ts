// The audit trail as people read it (T14): newest first, one line per change ("renamed Cloud →
// Cloud Platform"), who did it, and the raw before/after for those who want the detail. Used by
// /audit (tenant-wide), the unit page (one unit's history) and GET /api/v1/audit (later pages).
import 'server-only';
import { can, covers, type UnitRef } from '../authz';
import { listAudit, type AuditEntry, type AuditFilter } from '../audit';
import type { AuditActor } from '../db';
import { csvLine } from '../bulk/csv';
import { unitLabels } from '../org/unit-labels';
import { ERASED_EMAIL, ERASED_NAME } from '../erasure/pseudonym';
import type { ScreenContext } from './screen-context';

export interface AuditLineView {
  id: string;
  /** ISO time of the change. */
  at: string;
  actor: AuditActor;
  action: string;
  /** What happened, without the actor: "renamed Cloud → Cloud Platform". */
  summary: string;
  /** A unit the line links to (the unit acted on, when it still exists). */
  unit?: { id: string; name: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** What was acted on (kind and id), for the CSV export. */
  target?: { type: string; id: string };
  /** The change set (reorganization) the change was part of. */
  changeSetId?: string;
}

export interface AuditPageView {
  lines: AuditLineView[];
  nextCursor?: string;
  /** Server time the page was made at: relative times render the same on server and client. */
  now: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const keyList = (v: unknown) => (Array.isArray(v) && v.length ? v.filter((k) => typeof k === 'string').join(', ') : 'none');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Units an entry mentions by id: looked up by name once per page. */
function unitIdsOf(e: AuditEntry): string[] {
  const ids = [e.unitId, text(e.before?.parentId), text(e.after?.parentId)];
  return ids.filter((id): id is string => Boolean(id));
}

export function describeAudit(e: AuditEntry, names: Map<string, string>): string {
  const b = e.before ?? {};
  const a = e.after ?? {};
  const label = e.target.label ?? '';
  const unit = (id: unknown) => (typeof id === 'string' && names.get(id)) || 'a deleted unit';
  // An erased person (lib/erasure) is named as such, not by their pseudonymous address.
  const given = text(a.email) ?? text(b.email) ?? label;
  const email = given === ERASED_EMAIL ? ERASED_NAME : given;
  switch (e.action) {
    case 'unit.create':
      return a.parentId ? `created ${label} under ${unit(a.parentId)}` : `created ${label}`;
    case 'unit.rename':
      return `renamed ${text(b.name) ?? '?'} → ${text(a.name) ?? label}`;
    case 'unit.move': {
      const units = num(a.units);
      return `moved ${label} from ${unit(b.parentId)} to ${unit(a.parentId)}${units && units > 1 ? ` (${plural(units, 'unit')})` : ''}`;
    }
    case 'unit.delete': {
      const sub = (num(a.units) ?? 1) - 1;
      const members = num(a.memberships) ?? 0;
      const extra = [sub > 0 ? plural(sub, 'sub-unit') : '', members > 0 ? plural(members, 'membership') : ''].filter(Boolean).join(' and ');
      return `deleted ${text(b.name) ?? label}${extra ? ` with ${extra}` : ''}`;
    }
    case 'membership.add':
      return `added ${email} to ${unit(e.unitId)} as ${text(a.role) ?? 'member'}`;
    case 'invitation.accept':
      return `joined ${unit(e.unitId)} as ${text(a.role) ?? 'member'} by accepting an invitation`;
    case 'membership.roleChange':
      return `changed ${email}'s role in ${unit(e.unitId)}: ${text(b.role) ?? '?'} → ${text(a.role) ?? '?'}`;
    case 'membership.rolesChange':
      return `changed ${email}'s custom roles in ${unit(e.unitId)}: ${keyList(b.roles)} → ${keyList(a.roles)}`;
    case 'membership.remove':
      return `removed ${email} from ${unit(e.unitId)}`;
    case 'membership.removeFromTenant':
      return `removed ${email} from the organization (was ${text(b.role) ?? 'a member'} of ${unit(e.unitId)})`;
    case 'invitation.create':
      return `invited ${email} to ${unit(e.unitId)} as ${text(a.role) ?? 'member'}`;
    case 'invitation.revoke':
      return `revoked the invitation of ${email} to ${unit(e.unitId)}`;
    case 'invitation.resend':
      return `emailed ${email} a new invitation link to ${unit(e.unitId)}`;
    case 'invitation.copyLink':
      return `made a new invitation link for ${email} to ${unit(e.unitId)} to copy`;
    case 'tenant.rename':
      return `renamed the organization ${text(b.name) ?? '?'} → ${text(a.name) ?? label}`;
    case 'tenant.settingsUpdate':
      return a.ownersApproveOwnChangeSets === undefined ? 'changed the organization’s settings'
        : `${a.ownersApproveOwnChangeSets ? 'let' : 'stopped letting'} owners approve their own reorganizations`;
    case 'tenant.deletionSchedule':
      return `scheduled the deletion of the organization for ${text(a.dueAt)?.slice(0, 10) ?? '?'}`;
    case 'tenant.deletionCancel':
      return `cancelled the deletion of the organization scheduled for ${text(b.dueAt)?.slice(0, 10) ?? '?'}`;
    case 'sso.update': {
      const domains = Array.isArray(a.domains) ? a.domains.join(', ') : '';
      const protocol = a.protocol === 'saml' ? 'SAML, ' : '';
      return `updated single sign-on (${protocol}${text(a.issuer) ?? label}${domains ? `, domains ${domains}` : ''}, just-in-time ${a.jit ? 'on' : 'off'}${a.secretChanged ? ', new client secret' : ''})`;
    }
    case 'sso.enable':
      return `switched single sign-on on (${label})`;
    case 'sso.disable':
      return `switched single sign-on off (${label})`;
    case 'domain.add':
      return `added the domain ${label}, waiting for its DNS record`;
    case 'domain.verify':
      return `verified the domain ${label} by its DNS record`;
    case 'domain.remove':
      return `removed the domain ${label}`;
    case 'domain.recordMissing':
      return `found the verification record of ${label} missing (people of ${label} still sign in)`;
    case 'domain.restored':
      return `found the verification record of ${label} again`;
    case 'setupLink.create':
      return `created a setup link for ${label}`;
    case 'setupLink.open':
      return `opened the setup link for ${label}`;
    case 'setupLink.revoke':
      return `revoked the setup link for ${label}`;
    case 'tenant.create':
      return `created the organization ${label}`;
    case 'person.erase': {
      const memberships = num(a.memberships) ?? 0;
      return `erased a person's personal data${memberships > 0 ? ` (and ${plural(memberships, 'membership')})` : ''}: their entries here now read "${ERASED_NAME}"`;
    }
    case 'directory.tokenCreate':
      return `created the directory token ${label}`;
    case 'directory.tokenRevoke':
      return `revoked the directory token ${label}`;
    case 'directory.deactivate':
      return `deactivated ${label}: their access ended, their memberships are kept`;
    case 'directory.reactivate':
      return `reactivated ${label}`;
    case 'directory.rulesUpdate':
      return 'updated the directory sync rules';
    case 'apiKey.create':
      return `created the API key ${label}`;
    case 'apiKey.revoke':
      return `revoked the API key ${label}`;
    case 'webhook.create':
      return `added the webhook endpoint ${label}`;
    case 'webhook.update':
      return `changed the webhook endpoint ${label}`;
    case 'webhook.delete':
      return `removed the webhook endpoint ${label}`;
    case 'webhook.rotateSecret':
      return `rolled the signing secret of the webhook endpoint ${label}`;
    case 'webhook.resend':
      return `resent a webhook delivery to an endpoint`;
    case 'webhook.disable':
      return `disabled the webhook endpoint ${label}: it failed for a day`;
    case 'changeSet.create':
      return `started the reorganization ${label}`;
    case 'changeSet.update':
      return `renamed the reorganization ${label}`;
    case 'changeSet.delete':
      return `deleted the reorganization ${label}`;
    case 'changeSet.addOperations':
      return `added ${plural(num(a.operations) ?? 1, 'operation')} to the reorganization ${label}`;
    case 'changeSet.dropOperation':
      return `dropped an operation from the reorganization ${label}`;
    case 'changeSet.reconfirmOperation':
      return `re-confirmed an operation of the reorganization ${label} after a conflict`;
    case 'changeSet.approve':
      return `approved the reorganization ${label}${text(a.comment) ? `: “${text(a.comment)}”` : ''}`;
    case 'changeSet.reject':
      return `rejected the reorganization ${label}: “${text(a.comment) ?? ''}”`;
    case 'changeSet.schedule':
      return `scheduled the reorganization ${label} for ${text(a.at) ?? 'later'}`;
    case 'changeSet.unschedule':
      return `unscheduled the reorganization ${label}`;
    case 'changeSet.start':
      return `started applying the reorganization ${label}`;
    case 'changeSet.apply':
      return `applied the reorganization ${label} (${plural(num(a.operations) ?? 0, 'operation')})`;
    case 'changeSet.fail':
      return `could not apply the reorganization ${label}; nothing of it was changed`;
    case 'role.create':
      return `defined the role ${label}`;
    case 'role.update':
      return `changed the role ${label}`;
    case 'role.delete':
      return `deleted the role ${label}${text(a.replaceWith) ? `; its holders hold ${text(a.replaceWith)} instead` : ''}`;
    case 'permission.create':
      return `defined the permission ${label}`;
    case 'permission.update':
      return `changed the description of the permission ${label}`;
    case 'permission.delete':
      return `deleted the permission ${label}`;
    case 'accessReview.start':
      return `started the access review ${label}`;
    case 'accessReview.decide':
      return `decided to ${text(a.decision) === 'remove' ? 'remove' : 'keep'} ${text(a.subject) ?? 'an access'}'s ${text(a.access) ?? 'access'} in the access review ${label}`;
    case 'accessReview.delegate':
      return `handed an item of the access review ${label} to another reviewer`;
    case 'accessReview.complete':
      return `completed the access review ${label}`;
    case 'accessReview.cancel':
      return `cancelled the access review ${label}`;
    case 'accessReview.revert':
      return `drafted a reorganization giving back what the access review ${label} removed`;
    case 'accessReview.schedule.create':
      return `scheduled the access review ${label}`;
    case 'accessReview.schedule.update':
      return `changed the access review schedule ${label}`;
    case 'accessReview.schedule.delete':
      return `removed the access review schedule ${label}`;
    case 'auditStream.create':
      return `added the audit stream destination ${label}`;
    case 'auditStream.update':
      return `changed the audit stream destination ${label}`;
    case 'auditStream.delete':
      return `removed the audit stream destination ${label}`;
    case 'auditStream.backfill':
      return `asked the audit stream destination ${label} to send entries again from an earlier date`;
    case 'auditStream.test':
      return `sent a test entry to the audit stream destination ${label}`;
    default:
      return `${e.action} ${label}`.trim();
  }
}

/** How a line names a unit the reader cannot see (a move's other end outside their subtree). */
const OUTSIDE_VIEW = 'a unit outside your view';

async function toPageView(ctx: ScreenContext, page: { items: AuditEntry[]; nextCursor?: string }): Promise<AuditPageView> {
  const labels = await unitLabels(ctx.db, page.items.flatMap(unitIdsOf));
  // A unit's history may mention units outside the reader's view (where it was moved from or
  // to): those stay unnamed, and the raw parent and path that would give their ids are left out.
  const sees = (path: string) => ctx.actor.memberships.some((g) => covers(g, path) || g.unitPath.startsWith(path));
  const hidden = new Set([...labels].filter(([, l]) => !sees(l.path)).map(([id]) => id));
  const names = new Map([...labels].map(([id, l]) => [id, hidden.has(id) ? OUTSIDE_VIEW : l.name]));
  const raw = (r: Record<string, unknown>) => {
    if (!hidden.has(text(r.parentId) ?? '')) return r;
    const { parentId: _parentId, path: _path, ...rest } = r;
    return rest;
  };
  return {
    lines: page.items.map((e) => ({
      id: e.id,
      at: e.at,
      actor: e.actor,
      action: e.action,
      summary: describeAudit(e, names),
      ...(e.target && !hidden.has(e.target.id) ? { target: { type: e.target.type, id: e.target.id } } : {}),
      ...(e.unitId && names.has(e.unitId) && !hidden.has(e.unitId) ? { unit: { id: e.unitId, name: names.get(e.unitId)! } } : {}),
      ...(e.before ? { before: raw(e.before) } : {}),
      ...(e.after ? { after: raw(e.after) } : {}),
      ...(e.changeSetId ? { changeSetId: e.changeSetId } : {}),
    })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    now: new Date().toISOString(),
  };
}

/** Filters a reader may set besides the unit (which is authorized as a place). */
export type AuditLineFilter = Omit<AuditFilter, 'unitId'>;

/** Actions the trail records, for the action filter (lib/audit's catalogue). */
export { AUDIT_ACTIONS } from '../audit';

/**
 * One page of the tenant's trail (owners and admins) or of one unit's (its managers too),
 * optionally narrowed by actor, action and time: one Query (the most selective partition,
 * lib/audit/list-audit.ts) plus one BatchGetItem for the names of the units the page mentions.
 */
export async function auditPage(
  ctx: ScreenContext,
  options: { unit?: UnitRef; cursor?: string; filter?: AuditLineFilter; limit?: number } = {},
): Promise<AuditPageView> {
  ctx.authorize('audit.read', options.unit ? { unit: options.unit } : {});
  const page = await listAudit(ctx.db, { ...options.filter, unitId: options.unit?.id }, { cursor: options.cursor, limit: options.limit });
  return toPageView(ctx, page);
}

/** /audit: the organization's history (or one unit's), filtered, first page. */
export const loadTenantAudit = (ctx: ScreenContext, options: { unit?: UnitRef; filter?: AuditLineFilter } = {}) => auditPage(ctx, options);

export const AUDIT_CSV_COLUMNS = ['at', 'actor_email', 'actor_name', 'action', 'summary', 'unit_id', 'unit_name', 'target_type', 'target_id'];

/**
 * The filtered trail as CSV (GET /api/v1/export/audit.csv), page by page (100 entries read per
 * Query), each page authorized and worded as on screen.
 */
export async function* auditCsv(ctx: ScreenContext, options: { unit?: UnitRef; filter?: AuditLineFilter }): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(AUDIT_CSV_COLUMNS);
  let cursor: string | undefined;
  do {
    const page = await auditPage(ctx, { ...options, cursor, limit: 100 });
    const chunk = page.lines
      .map((l) => csvLine([l.at, l.actor.email, l.actor.name ?? '', l.action, l.summary, l.unit?.id ?? '', l.unit?.name ?? '', l.target?.type ?? '', l.target?.id ?? '']))
      .join('');
    if (chunk) yield chunk;
    cursor = page.nextCursor;
  } while (cursor);
}


/**
 * The unit page's history section, first page; undefined when the actor may not see this unit's
 * history (members who don't manage it), so the page can leave the section out.
 */
export async function loadUnitAudit(ctx: ScreenContext, unit: UnitRef): Promise<AuditPageView | undefined> {
  if (!can(ctx.actor, 'audit.read', { unit })) return undefined;
  return auditPage(ctx, { unit });
}
