// The signed-in console: every page below needs a session and a membership in the active
// tenant (requireActor redirects to sign-in and back, or to the organization picker). Layouts
// are not re-rendered on client navigation, so each page calls requireActor too.
import { requireActor } from '@/lib/auth';
import { ConsoleHeader } from '@/components/shell/console-header';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  await requireActor();
  return (
    <div className="min-h-screen">
      <ConsoleHeader />
      {children}
    </div>
  );
}
