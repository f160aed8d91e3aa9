// The root layout: the document, global styles, light and dark following the system setting.
import type { Metadata } from 'next';
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
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">{children}</body>
    </html>
  );
}
