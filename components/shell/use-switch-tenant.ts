'use client';
// Switching organization from the browser: the server decides; a tenant whose IdP is another
// one sends the browser through that IdP; otherwise the page reloads in the new tenant.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { switchTenantAction } from './actions';
import { continueWithSso } from './continue-with-sso';

export function useSwitchTenant(returnTo = '/') {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();

  function switchTo(tenantId: string) {
    setError(undefined);
    startTransition(async () => {
      const result = await switchTenantAction(tenantId);
      if (result.status === 'refused') setError(result.message);
      else if (result.status === 'reauthenticate') await continueWithSso(result.email, returnTo, { pick: false });
      else {
        router.push(returnTo);
        router.refresh();
      }
    });
  }
  return { switchTo, pending, error };
}
