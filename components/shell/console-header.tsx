// The console's header: the active organization, the switcher, who is signed in (with the
// account menu: sign out of all devices), sign-out.
import { actorContext } from '@/lib/api/with-actor';
import { can } from '@/lib/authz';
import { ConsoleNav } from '@/components/settings/console-nav';
import { loadConsoleHeader } from '@/lib/screens/console-header';
import { OrganizationName } from './organization-name';
import { DeletionBanner } from './deletion-banner';
import { DrawerToggle } from './side-drawer';
import { SignOutButton } from './sign-out-button';
import { TenantSwitcher } from './tenant-switcher';
import { UserMenu } from './user-menu';

export async function ConsoleHeader() {
  const ctx = await actorContext();
  const { actor } = ctx;
  const { organizationName, organizations, deletion } = await loadConsoleHeader(ctx);
  const links = [
    { href: '/', label: 'Tree' },
    // Everyone sees the chart of what they may see in the tree.
    { href: '/chart', label: 'Chart' },
    ...(can(actor, 'members.list', {}) ? [{ href: '/members', label: 'Members' }] : []),
    // Anyone who administers a unit (managers, admins, owners) drafts and reviews change sets.
    ...(can(actor, 'changeSet.draft', {}) ? [{ href: '/reorganizations', label: 'Reorganizations', shortLabel: 'Reorgs' }] : []),
    // Reviewers are administrators (the nearest above an item) or owners; a delegate finds the list by the mail's link.
    ...(can(actor, 'changeSet.draft', {}) ? [{ href: '/reviews/to-review', label: 'To review' }] : []),
    ...(can(actor, 'accessReview.manage', {}) ? [{ href: '/reviews', label: 'Reviews' }] : []),
    ...(can(actor, 'audit.read', {}) ? [{ href: '/audit', label: 'Audit' }] : []),
    ...(can(actor, 'tenant.settings.read', {}) ? [{ href: '/settings', label: 'Settings' }] : []),
    // Every member may read the API reference; only owners and admins create keys for it.
    { href: '/developers', label: 'API reference', shortLabel: 'API' },
  ];
  return (
    <>
      {/* Desktop: one row. Below `md`: the tree's drawer button, the organization and the account on
          top, the navigation on a row of its own; nothing wider than the screen. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-2 md:px-6 md:py-3 dark:border-zinc-800">
        <DrawerToggle />
        <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3 md:flex-none">
          {/* On a phone the organization's name gets the room: Arbor is its icon. */}
          <img src="/icon.svg" alt="Arbor" width={24} height={24} className="sm:hidden" />
          <span className="hidden font-semibold text-emerald-700 sm:inline dark:text-emerald-400">Arbor</span>
          <span aria-hidden="true" className="hidden text-zinc-400 sm:inline">/</span>
          <OrganizationName name={organizationName} />
        </div>
        <div className="order-last w-full md:order-none md:mr-auto md:w-auto">
          <ConsoleNav links={links} />
        </div>
        <div className="flex max-w-full min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1 md:gap-4">
          <TenantSwitcher tenants={organizations} activeTenantId={actor.tenantId} />
          <UserMenu name={actor.name} email={actor.email} />
          <SignOutButton />
        </div>
      </header>
      {/* While the organization's deletion is scheduled: its date, and for owners a way to cancel. */}
      {deletion && <DeletionBanner {...deletion} />}
    </>
  );
}
