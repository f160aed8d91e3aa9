'use client';
// The page of a unit that is in another of the person's organizations (Back after switching,
// a link from there): says where it is and switches back to it, opening the same unit.
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSwitchTenant } from '@/components/shell/use-switch-tenant';
import type { UnitElsewhere } from '@/lib/screens/unit-elsewhere';

export function UnitElsewhereNotice({ unitId, elsewhere, activeTenantName }: { unitId: string; elsewhere: UnitElsewhere; activeTenantName: string }) {
  const { switchTo, pending, error } = useSwitchTenant(`/units/${unitId}`);
  return (
    <main className="p-6">
      <h1 className="sr-only">{elsewhere.unitName} is in {elsewhere.tenantName}</h1>
      <EmptyState
        title={`${elsewhere.unitName} is in ${elsewhere.tenantName}`}
        action={
          <Button variant="primary" onClick={() => switchTo(elsewhere.tenantId)} disabled={pending}>
            {pending ? 'Switching…' : `Switch to ${elsewhere.tenantName}`}
          </Button>
        }
      >
        You are working in {activeTenantName} now. Switch back to {elsewhere.tenantName} to open this unit.
      </EmptyState>
      {error && (
        <p role="alert" className="mt-3 text-center text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </main>
  );
}
