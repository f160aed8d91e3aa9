'use client';
// The active organization's name in the header, following a rename made on this screen (in
// Settings, or of the top unit, which carries the same name) in the same render as the rest of
// the page. The header is rendered with the console's layout, which the edit's refresh reaches
// only later; until then the name renamed here stands in for the server's. Once the server's name
// is no longer the one renamed from (the refresh arrived, or someone renamed it again), the
// server's is shown.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Renamed {
  tenantId: string;
  /** The server's name the rename replaced. */
  from: string;
  to: string;
}

interface OrganizationNameState {
  tenantId: string;
  renamed: Renamed | null;
  rename(from: string, to: string): void;
}

const OrganizationNameContext = createContext<OrganizationNameState>({ tenantId: '', renamed: null, rename: () => {} });

export function OrganizationNameProvider({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  const [renamed, setRenamed] = useState<Renamed | null>(null);
  const rename = useCallback(
    (from: string, to: string) =>
      // Renamed twice before the server's name caught up: it still shows the first `from`.
      setRenamed((prev) => ({ tenantId, to, from: prev && prev.tenantId === tenantId && prev.to === from ? prev.from : from })),
    [tenantId],
  );
  const value = useMemo(() => ({ tenantId, renamed, rename }), [tenantId, renamed, rename]);
  return <OrganizationNameContext.Provider value={value}>{children}</OrganizationNameContext.Provider>;
}

/** The organization's name to show, given the server's (`serverName`, from the layout). */
export function useOrganizationName(serverName: string): string {
  const { tenantId, renamed } = useContext(OrganizationNameContext);
  return renamed && renamed.tenantId === tenantId && renamed.from === serverName ? renamed.to : serverName;
}

/** Tells the header the organization was renamed here: `rename(from, to)`. */
export function useRenameOrganization() {
  return useContext(OrganizationNameContext).rename;
}

/** The header's organization name. */
export function OrganizationName({ name }: { name: string }) {
  return (
    <span data-testid="active-tenant" className="truncate font-medium">
      {useOrganizationName(name)}
    </span>
  );
}
