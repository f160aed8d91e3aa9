// The signed-in console: every page below needs a session and a membership in the active
// tenant (requireActor redirects to sign-in and back, or to the organization picker). Layouts
// are not re-rendered on client navigation, so each page calls requireActor too.
import { requireActor } from '@/lib/auth';
import { ConsoleHeader } from '@/components/shell/console-header';
import { SkipLink } from '@/components/shell/skip-link';
import { OrganizationNameProvider } from '@/components/shell/organization-name';
import { DrawerProvider } from '@/components/shell/side-drawer';
import { Toaster } from '@/components/ui/toaster';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const actor = await requireActor();
  return (
    <OrganizationNameProvider tenantId={actor.tenantId}>
      <DrawerProvider>
        <div className="flex h-dvh flex-col">
          <SkipLink />
          <ConsoleHeader />
          {/* Pages scroll below a header that stays put (the units screen splits this into tree and page).
              The scrollbar's gutter is kept on short pages too, so a centred page does not shift
              sideways between a page that scrolls and one that doesn't. */}
          <div className="relative min-h-0 flex-1 overflow-auto [scrollbar-gutter:stable]">{children}</div>
          <Toaster />
        </div>
      </DrawerProvider>
    </OrganizationNameProvider>
  );
}
