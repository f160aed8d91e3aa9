'use client';
// The header's organization switcher: lists the person's organizations (P2) and switches. The
// switch takes seconds (a new session, maybe the other organization's IdP): it says so at once.
import { useEffect } from 'react';
import { startNavigationProgress, stopNavigationProgress } from './navigation-progress';
import { useOrganizationName } from './organization-name';
import { useHydrated } from './use-hydrated';
import { useSwitchTenant } from './use-switch-tenant';

export interface TenantOption {
  tenantId: string;
  name: string;
}

export function TenantSwitcher({ tenants, activeTenantId }: { tenants: TenantOption[]; activeTenantId: string }) {
  const { switchTo, pending, error } = useSwitchTenant('/');
  const hydrated = useHydrated();
  const activeName = useOrganizationName(tenants.find((t) => t.tenantId === activeTenantId)?.name ?? '');
  useEffect(() => {
    if (error) stopNavigationProgress();
  }, [error]);
  if (tenants.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="tenant-switcher" className="sr-only text-sm text-zinc-600 lg:not-sr-only dark:text-zinc-400">
        Switch organization
      </label>
      <select
        id="tenant-switcher"
        value={activeTenantId}
        disabled={pending || !hydrated}
        onChange={(e) => {
          startNavigationProgress();
          switchTo(e.target.value);
        }}
        className="h-8 max-w-40 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {tenants.map((t) => (
          <option key={t.tenantId} value={t.tenantId}>
            {t.tenantId === activeTenantId ? activeName : t.name}
          </option>
        ))}
      </select>
      {pending && (
        <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Switching…
        </span>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
