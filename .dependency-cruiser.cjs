// The floors of lib/ (lib/README.md): a folder imports folders on its own floor or below, never
// one above, and no two folders import each other, directly or around a longer cycle. lib/ never
// imports app/ (routes) or components/ (UI). Kept by test/architecture/layers.test.ts; to look:
//   npx depcruise lib --config .dependency-cruiser.cjs
//   npx depcruise lib --config .dependency-cruiser.cjs --output-type archi | dot -T svg > lib.svg
// A new folder goes on a floor here and in lib/README.md, or the test fails.

/** Lowest first. */
const FLOORS = [
  { name: 'foundation', folders: ['config', 'text', 'errors', 'validation', 'security', 'observability'] },
  { name: 'platform', folders: ['db', 'tenancy', 'users', 'mail', 'audit', 'bearer-credentials'] },
  { name: 'model', folders: ['authz', 'items', 'profiles', 'roles'] },
  { name: 'tree', folders: ['org', 'members', 'search', 'tenants', 'reporting-lines'] },
  { name: 'identity', folders: ['sso', 'saml', 'domains', 'invitations', 'auth', 'scim', 'setup-links'] },
  { name: 'operations', folders: ['bulk', 'change-sets', 'erasure', 'offboarding', 'api-keys', 'webhooks', 'checks', 'chart', 'access-reviews', 'audit-streaming'] },
  { name: 'edge', folders: ['api', 'openapi', 'screens', 'health'] },
];

const under = (folders) => `^lib/(${folders.join('|')})/`;

const upward = FLOORS.slice(0, -1).map((floor, i) => ({
  name: `${floor.name}-imports-up`,
  comment: `lib/ on the ${floor.name} floor imports only its own floor or lower ones (lib/README.md)`,
  severity: 'error',
  from: { path: under(floor.folders) },
  to: { path: under(FLOORS.slice(i + 1).flatMap((f) => f.folders)) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'lib-imports-routes-or-ui',
      comment: 'lib/ is the domain: app/ and components/ import it, never the other way',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components)/' },
    },
  ],
  options: {
    // Type-only imports count: a type declared on a higher floor is still an upward dependency.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next)/' },
  },
};

// For the test's own checks (every folder on one floor); not enumerable, so dependency-cruiser's
// schema, which allows no extra keys, does not see it.
Object.defineProperty(module.exports, 'FLOORS', { value: FLOORS, enumerable: false });
