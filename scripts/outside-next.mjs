// Node processes outside Next (test suites, the CLI, the webhook worker, the dev stack, bench)
// load lib modules that import 'server-only'. Next resolves that marker itself (and refuses it in
// client code at build time); plain Node resolves the package's default entry, which throws by
// design. Here it resolves to the package's empty module instead, in this process and, through
// NODE_OPTIONS, in every Node process it starts.
import { createRequire, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const empty = pathToFileURL(join(dirname(require.resolve('server-only')), 'empty.js')).href;

registerHooks({
  resolve: (specifier, context, next) => (specifier === 'server-only' ? { url: empty, format: 'commonjs', shortCircuit: true } : next(specifier, context)),
});

const self = `--import=${pathToFileURL(fileURLToPath(import.meta.url)).href}`;
if (!process.env.NODE_OPTIONS?.includes(self)) process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, self].filter(Boolean).join(' ');
