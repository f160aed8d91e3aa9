// Every settings page's frame: its width, the "Settings" heading and the tabs between the pages.
import type { ReactNode } from 'react';
import { SettingsNav } from './settings-nav';

const WIDTH = { narrow: 'max-w-3xl', medium: 'max-w-4xl', wide: 'max-w-5xl' } as const;

export function SettingsFrame({ width = 'narrow', children }: { width?: keyof typeof WIDTH; children: ReactNode }) {
  return (
    <main className={`mx-auto ${WIDTH[width]} space-y-6 p-6`}>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav />
      {children}
    </main>
  );
}
