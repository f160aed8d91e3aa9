'use client';
// Tabs between the settings pages (links, so each has its own address).
import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';

const TABS = [
  { href: '/settings', label: 'General' },
  { href: '/settings/sso', label: 'Single sign-on' },
  { href: '/settings/domains', label: 'Domains' },
  { href: '/settings/import', label: 'Import & export' },
  { href: '/settings/roles', label: 'Roles' },
  { href: '/settings/directory', label: 'Directory sync' },
  { href: '/settings/api-keys', label: 'API keys' },
  { href: '/settings/webhooks', label: 'Webhooks' },
  { href: '/settings/audit-streaming', label: 'Audit streaming' },
];

export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="flex flex-wrap gap-x-1 border-b border-zinc-200 dark:border-zinc-800">
      {TABS.map((tab) => {
        // A tab's own pages below it (a role, an endpoint's deliveries) keep it marked.
        const current = pathname === tab.href || (tab.href !== '/settings' && pathname.startsWith(`${tab.href}/`));
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${current ? 'border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300' : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
