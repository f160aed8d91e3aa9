// Each admin screen's server-side data loading, as the console does it: the shell every console
// page renders (the session's actor, re-read on every request, and the header's tenant switcher
// and tenant name), then the screen's loaders from lib/screens, with the same arguments the
// pages pass. The context is built the way lib/api's entry points build it.
import { createEntryPoints } from '../../lib/api/actor-entry';
import type { Authorizing } from '../../lib/api/actor-entry';
import type { RequestActor } from '../../lib/auth';
import { putSessionRecord } from '../../lib/auth/session-records';
import type { PlatformDb } from '../../lib/db';
import { loadTenantAudit, loadUnitAudit } from '../../lib/screens/audit';
import { loadMemberPage } from '../../lib/screens/member-page';
import { loadMembers } from '../../lib/screens/members';
import { loadTree } from '../../lib/screens/tree';
import { loadUnitMembers } from '../../lib/screens/unit-members';
import { loadUnitPage } from '../../lib/screens/unit-page';
import { loadRolesScreen } from '../../lib/screens/roles';
import type { Tenancy } from '../../lib/tenancy';
import { loadConsoleHeader } from '../../lib/screens/console-header';
import { listUserTenants } from '../../lib/users';
import { loadActorAccess } from '../../lib/members';

export type ScreenContext = Authorizing<RequestActor>;

export interface Loader {
  name: string;
  load(ctx: ScreenContext): Promise<unknown>;
}

export interface ScreenSpec {
  name: string;
  route: string;
  loaders: Loader[];
}

export interface ScreenPeople {
  tenantId: string;
  actor: { userId: string; email: string; name: string };
  rootUnitId: string;
  unitId: string;
  memberUserId: string;
  /** The actor's signed-in session, recorded live once by recordScreenSession. */
  sessionId: string;
}

const sessionOf = (people: ScreenPeople) => ({
  userId: people.actor.userId, email: people.actor.email, name: people.actor.name, tenantId: people.tenantId,
  issuer: 'bench', sessionId: people.sessionId, expiresAt: new Date(Date.now() + 3600_000),
});

/** What signing in leaves in the table: the session's record (with the person's organizations), which the actor's Query finds. */
export async function recordScreenSession(tenancy: Tenancy, platform: PlatformDb, people: ScreenPeople): Promise<void> {
  const organizations = await listUserTenants(platform, people.actor.userId);
  await putSessionRecord(await tenancy.tenantDb(people.tenantId, { userId: people.actor.userId }), { ...sessionOf(people), organizations });
}

/** The signed-in actor as requireActor resolves it (T8), wrapped as the entry points wrap it. */
export async function screenContext(tenancy: Tenancy, people: ScreenPeople): Promise<ScreenContext> {
  const session = sessionOf(people);
  return viewContext(await loadActorAccess(await tenancy.tenantDb(session.tenantId, { userId: session.userId }), session.userId, session));
}

/** One page view's context, as actorContext() gives a server component: reads are shared within the view only. */
export function viewContext(actor: RequestActor): Promise<ScreenContext> {
  return createEntryPoints({ load: async () => actor, require: async () => actor }).actorContext();
}

function shell(tenancy: Tenancy, people: ScreenPeople): Loader[] {
  return [
    { name: 'session (requireActor)', load: () => screenContext(tenancy, people) },
    { name: 'header (ConsoleHeader)', load: (ctx) => loadConsoleHeader(ctx) },
  ];
}

/** `/units/[unitId]`: the tree in the layout, the unit page with its members and history panels. */
function unitScreen(unitId: string): Loader[] {
  let page: Awaited<ReturnType<typeof loadUnitPage>> | undefined;
  return [
    { name: 'loadTree', load: (ctx) => loadTree(ctx, unitId) },
    { name: 'loadUnitPage', load: async (ctx) => (page = await loadUnitPage(ctx, unitId)) },
    { name: 'loadUnitMembers', load: (ctx) => loadUnitMembers(ctx, page!.unit) },
    { name: 'loadUnitAudit', load: (ctx) => loadUnitAudit(ctx, page!.unit) },
  ];
}

export function screenSpecs(tenancy: Tenancy, platform: PlatformDb, people: ScreenPeople): ScreenSpec[] {
  const withShell = (loaders: Loader[]) => [...shell(tenancy, people), ...loaders];
  return [
    { name: 'Tree root', route: '/units/[root]', loaders: withShell(unitScreen(people.rootUnitId)) },
    { name: 'Unit page', route: '/units/[unitId]', loaders: withShell(unitScreen(people.unitId)) },
    { name: 'Members page', route: '/members', loaders: withShell([{ name: 'loadMembers', load: (ctx) => loadMembers(ctx, {}) }]) },
    { name: 'Member page', route: '/members/[userId]', loaders: withShell([{ name: 'loadMemberPage', load: (ctx) => loadMemberPage(ctx, people.memberUserId) }]) },
    { name: 'Audit page', route: '/audit', loaders: withShell([{ name: 'loadTenantAudit', load: (ctx) => loadTenantAudit(ctx) }]) },
  ];
}

/**
 * The same console as someone holding a custom role beside their built-in one: their decisions
 * need the tenant's role catalogue, read once per request at most and kept by the process for a
 * few seconds, so a view's requests stay its data sets (a view that finds the copy old reads it
 * once, as one more data set).
 */
export function roleHolderScreenSpecs(tenancy: Tenancy, platform: PlatformDb, holder: ScreenPeople): ScreenSpec[] {
  const withShell = (loaders: Loader[]) => [...shell(tenancy, holder), ...loaders];
  return [
    { name: 'Unit page, custom role holder', route: '/units/[unitId]', loaders: withShell(unitScreen(holder.unitId)) },
    { name: 'Roles settings, custom role holder', route: '/settings/roles', loaders: withShell([{ name: 'loadRolesScreen', load: (ctx) => loadRolesScreen(ctx) }]) },
  ];
}
