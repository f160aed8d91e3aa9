// The root layout: the document, global styles, light and dark following the system setting.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NavigationProgress } from '@/components/shell/navigation-progress';
import './globals.css';

// Icons live in public/ (made from public/icon.svg by scripts/make-icons.ts).
export const metadata: Metadata = {
  title: 'Arbor',
  description: 'Multi-tenant org hierarchies',
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32' },
      { url: '/icon.svg', type: 'image/svg+xml' },
      { url: '/icon-192.png', type: 'image/png', sizes: '192x192' },
    ],
    apple: { url: '/apple-touch-icon.png', sizes: '180x180' },
  },
  manifest: '/manifest.webmanifest',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        {/* It reads the search params: its own boundary keeps them from holding up the page. */}
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        {children}
      </body>
    </html>
  );
}
