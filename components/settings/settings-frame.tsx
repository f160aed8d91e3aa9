// Every settings page's frame: the "Settings" heading and the tabs between the pages, then the
// page's content at its width. The heading and tabs keep one width on every page, left-aligned
// content below them, so moving between tabs moves nothing sideways (a narrower page used to
// centre its tabs elsewhere).
import type { ReactNode } from 'react';
import { SettingsNav } from './settings-nav';

const WIDTH = { narrow: 'max-w-3xl', medium: 'max-w-4xl', wide: 'max-w-5xl' } as const;

export function SettingsFrame({ width = 'narrow', children }: { width?: keyof typeof WIDTH; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav />
      <div className={`${WIDTH[width]} space-y-6`}>{children}</div>
    </main>
  );
}
