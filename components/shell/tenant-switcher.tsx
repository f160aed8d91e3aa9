'use client';
// The header's organization switcher: lists the person's organizations and switches. The list
// comes with the page from the session's copy; when the person reaches for the switcher (pointer
// or focus) it is read afresh, so a renamed or left organization shows as it is now before they
// pick. The switch takes seconds (a new session, maybe the other organization's IdP): it says so
// at once.
import { useEffect, useRef, useState } from 'react';
import { organizationsAction } from './actions';
import { startNavigationProgress, stopNavigationProgress } from './navigation-progress';
import { useOrganizationName } from './organization-name';
import { useHydrated } from './use-hydrated';
import { useSwitchTenant } from './use-switch-tenant';

export interface TenantOption {
  tenantId: string;
  name: string;
}

/** A fresh list is read at most this often while the person hovers around the switcher. */
const REFRESH_MS = 15_000;

export function TenantSwitcher({ tenants: initial, activeTenantId }: { tenants: TenantOption[]; activeTenantId: string }) {
  const { switchTo, pending, error } = useSwitchTenant('/');
  const [fresh, setFresh] = useState<TenantOption[]>();
  const lastRead = useRef(0);
  const refresh = () => {
    if (Date.now() - lastRead.current < REFRESH_MS) return;
    lastRead.current = Date.now();
    organizationsAction().then((list) => list.length > 0 && setFresh(list), () => {});
  };
  // The active organization always shows, with the header's name (the index can lag a fresh membership).
  const read = fresh ?? initial;
  const active = initial.find((t) => t.tenantId === activeTenantId);
  const tenants = read.some((t) => t.tenantId === activeTenantId) || !active ? read : [active, ...read];
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
        onPointerEnter={refresh}
        onFocus={refresh}
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
