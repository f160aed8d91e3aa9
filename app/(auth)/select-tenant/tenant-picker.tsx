'use client';
// One button per organization; the server re-checks the membership before switching.
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/shell/use-hydrated';
import { useSwitchTenant } from '@/components/shell/use-switch-tenant';
import type { TenantOption } from '@/components/shell/tenant-switcher';

export function TenantPicker({ tenants, next }: { tenants: TenantOption[]; next: string }) {
  const { switchTo, pending, error } = useSwitchTenant(next);
  const hydrated = useHydrated();
  return (
    <div className="space-y-2">
      <ul className="space-y-2">
        {tenants.map((t) => (
          <li key={t.tenantId}>
            <Button className="w-full justify-start" disabled={pending || !hydrated} onClick={() => switchTo(t.tenantId)}>
              {t.name}
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
