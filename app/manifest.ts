// The web app manifest (/manifest.webmanifest): the name and icons a phone uses when the console
// is added to its home screen.
import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Arbor',
    short_name: 'Arbor',
    start_url: '/',
    display: 'standalone',
    theme_color: '#047857',
    background_color: '#ffffff',
    icons: [
      { src: '/icon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  };
}
