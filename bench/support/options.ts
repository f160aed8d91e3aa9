// Command-line options of `npm run bench`.
export interface BenchOptions {
  /** Tenant sizes (units) seeded and read; 1,000 and 10,000 by default, plus 100,000 with --large. */
  sizes: number[];
  /** Subtree sizes moved. */
  moveSizes: number[];
  /** The tenant size the screens and HTTP sections use. */
  screenSize: number;
  /** Repetitions of each measurement (fewer for the slowest ones). */
  runs: number;
  /** HTTP load duration per target, seconds. */
  httpSeconds: number;
  httpConnections: number;
  /** Sections to run (all by default). */
  only: Set<Section>;
  /** Reuse the existing `.next` production build instead of building. */
  skipBuild: boolean;
  quick: boolean;
  large: boolean;
  /** Where results go (bench/results by default). */
  outDir: string;
  /** Only re-render latest.md (and the targets) from latest.json. */
  render: boolean;
  /** With --render: results files of other runs whose sections replace latest.json's (older files' sections merged in). */
  merge: string[];
  /** Length of the soak's mixed traffic, minutes (10 by default). */
  soakMinutes: number;
  /** The console pages the browser section measures, by name (all by default; bench/browser/console-pages.ts). */
  pages?: Set<string>;
}

export const SECTIONS = ['subtree', 'screens', 'moves', 'http', 'credentials', 'clicks', 'scim', 'reorganizations', 'webhooks', 'checks', 'browser', 'chart', 'soak'] as const;
export type Section = (typeof SECTIONS)[number];
/** Run only when named with --only: the soak takes ten minutes of load on its own. */
const ON_REQUEST: readonly Section[] = ['soak'];
export const DEFAULT_SECTIONS = SECTIONS.filter((s) => !ON_REQUEST.includes(s));

const USAGE = `npm run bench -- [--large] [--quick] [--only subtree,screens,moves,http,credentials,clicks,scim,reorganizations,webhooks,checks,browser,chart,soak]
  [--sizes 1000,10000] [--move-sizes 10,1000,10000] [--runs N] [--http-seconds S] [--soak-minutes M] [--skip-build] [--out DIR]
  [--pages members,audit,...]  (browser: only these console pages)
  (soak runs only when named in --only; the sections run replace theirs in DIR/latest.json, the others are kept)
npm run bench -- --render [--out DIR] [--merge A.json,B.json]   (re-writes latest.md from latest.json, after merging in the sections of A and B)`;

export function parseOptions(argv: string[]): BenchOptions {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value\n${USAGE}`);
    return v;
  };
  const numbers = (name: string, fallback: number[]) => {
    const v = value(name);
    if (v === undefined) return fallback;
    const list = v.split(',').map(Number);
    if (list.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--${name}: whole numbers, comma separated\n${USAGE}`);
    return list;
  };
  const known = new Set(['large', 'quick', 'only', 'sizes', 'move-sizes', 'runs', 'http-seconds', 'skip-build', 'out', 'render', 'soak-minutes', 'merge', 'pages', 'help']);
  for (const a of argv) if (a.startsWith('--') && !known.has(a.slice(2))) throw new Error(`Unknown option ${a}\n${USAGE}`);
  if (flag('help')) {
    console.log(USAGE);
    process.exit(0);
  }

  const large = flag('large');
  const quick = flag('quick');
  const sizes = numbers('sizes', large ? [1000, 10_000, 100_000] : [1000, 10_000]).sort((a, b) => a - b);
  const only = value('only')?.split(',') ?? [...DEFAULT_SECTIONS];
  for (const s of only) if (!SECTIONS.includes(s as Section)) throw new Error(`--only: unknown section ${s}\n${USAGE}`);
  return {
    sizes,
    moveSizes: numbers('move-sizes', [10, 1000, 10_000]),
    screenSize: sizes.includes(10_000) ? 10_000 : sizes[sizes.length - 1],
    runs: numbers('runs', [quick ? 2 : 5])[0],
    httpSeconds: numbers('http-seconds', [quick ? 5 : 20])[0],
    httpConnections: 20,
    only: new Set(only as Section[]),
    skipBuild: flag('skip-build'),
    quick,
    large,
    outDir: value('out') ?? 'bench/results',
    render: flag('render'),
    soakMinutes: numbers('soak-minutes', [10])[0],
    merge: value('merge')?.split(',') ?? [],
    ...(value('pages') ? { pages: new Set(value('pages')!.split(',')) } : {}),
  };
}
