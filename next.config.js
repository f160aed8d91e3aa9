// The security headers that are the same on every response: pages, the JSON API, proxy.ts's
// refusals and the static assets proxy.ts does not run for. The per-request ones (the CSP with
// its nonce, HSTS) are proxy.ts's, from lib/security/security-headers.ts.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // For browsers that ignore CSP's frame-ancestors.
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Arbor uses none of these; a script that slipped in cannot either.
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), browsing-topics=()',
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The AWS SDK and the local-stack tooling stay out of the server bundle's transpilation; so does
  // pino (lib/observability), which Next also keeps external by default: named here because
  // proxy.ts reaches it too (through lib/errors/http).
  // The chart's exports: resvg is a native addon, pdfkit reads its font metrics from its own folder.
  serverExternalPackages: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-sts', 'pino', '@resvg/resvg-js', 'pdfkit'],
  poweredByHeader: false,
  // Lets parallel local runs build into separate folders (ARBOR_NEXT_DIST_DIR=.next-mine); CI uses .next.
  distDir: process.env.ARBOR_NEXT_DIST_DIR || '.next',
  // `next build` type-checks the whole tree; ARBOR_SKIP_BUILD_TYPECHECK=1 skips that while
  // iterating on e2e specs in a tree with others' work in progress. CI never sets it.
  typescript: { ignoreBuildErrors: process.env.ARBOR_SKIP_BUILD_TYPECHECK === '1' },
  // A page fetched on intent (components/ui/link.tsx) serves a click for 30 s (the least Next
  // allows) rather than 5 minutes: an admin console must not show another person's edit late.
  // authInterrupts: a page the person may not open calls forbidden() and answers 403 with its
  // route's forbidden.tsx (components/shell/screen-refusal.tsx).
  experimental: { staleTimes: { static: 30 }, authInterrupts: true },
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
