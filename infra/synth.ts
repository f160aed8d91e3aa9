// `npm run infra:synth`: writes infra/arbor.template.json from infra/template.ts.
// `npm run infra:synth -- --check` exits 1 when the committed file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { templateText } from './template';

export const TEMPLATE_PATH = fileURLToPath(new URL('./arbor.template.json', import.meta.url));

const text = templateText();
if (process.argv.includes('--check')) {
  const committed = readFileSync(TEMPLATE_PATH, 'utf8');
  if (committed !== text) {
    console.error('infra/arbor.template.json is out of date: run npm run infra:synth');
    process.exit(1);
  }
  console.log('infra/arbor.template.json is up to date');
} else {
  writeFileSync(TEMPLATE_PATH, text);
  console.log(`wrote ${TEMPLATE_PATH}`);
}
