'use client';
// Who is selected in the people list, for a bulk role change or removal: the list holds it, and
// each member row's checkbox (server-rendered around it) reads and changes it here.
import { createContext, useContext } from 'react';

export interface PeopleSelection {
  /** userId → the name shown for them. */
  selected: ReadonlyMap<string, string>;
  toggle(userId: string, label: string, on: boolean): void;
}

export const PeopleSelectionContext = createContext<PeopleSelection>({ selected: new Map(), toggle: () => undefined });

export function SelectPerson({ userId, label }: { userId: string; label: string }) {
  const { selected, toggle } = useContext(PeopleSelectionContext);
  return <input type="checkbox" aria-label={`Select ${label}`} checked={selected.has(userId)} onChange={(e) => toggle(userId, label, e.target.checked)} />;
}
