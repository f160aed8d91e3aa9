// `npm run cli -- dns set-txt <domain> <value> [<value>…] | clear <domain> | list`: TXT records on
// the local stack's DNS server (through its admin API), to prove a domain while developing. It
// works only where ARBOR_LOCAL_DNS_ADMIN_URL is set (dev and test); in production the record is
// published at the domain's DNS provider.
import { parseArgs } from 'node:util';
import { config } from '../../lib/config';

export const description = "TXT records on the local stack's DNS server (set-txt <domain> <value>… | clear <domain> | list)";

const USAGE = 'Usage: npm run cli -- dns set-txt <domain> <value> [<value>…] | dns clear <domain> | dns list';

export async function run(args: string[]): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 1;
  }
  const [verb, domain, ...values] = positionals;
  const valid = (verb === 'set-txt' && domain && values.length > 0) || (verb === 'clear' && domain && values.length === 0) || (verb === 'list' && !domain);
  if (!valid) {
    console.error(USAGE);
    return 1;
  }
  const { ARBOR_LOCAL_DNS_ADMIN_URL: url, ARBOR_LOCAL_DNS_ADMIN_TOKEN: token = '' } = config();
  if (!url) {
    console.error("No local DNS server is configured (ARBOR_LOCAL_DNS_ADMIN_URL): dns is the local stack's DNS server; in production publish the record at your DNS provider.");
    return 1;
  }
  try {
    if (verb === 'list') {
      const records = (await request(url, token, 'GET', '/records')) as Record<string, string[]>;
      for (const [name, txt] of Object.entries(records)) console.log(`${name}  TXT ${txt.map((v) => JSON.stringify(v)).join(' ')}`);
      console.log(`${Object.keys(records).length} name(s)`);
      return 0;
    }
    const set = (await request(url, token, 'PUT', `/records/${encodeURIComponent(domain)}`, { txt: verb === 'clear' ? [] : values })) as { name: string; txt: string[] };
    if (set.txt.length === 0) console.log(`Cleared ${set.name}: it now answers NXDOMAIN.`);
    for (const v of set.txt) console.log(`${set.name}  TXT ${JSON.stringify(v)}`);
    return 0;
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
}

async function request(url: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(new URL(path, url), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(`The local DNS server's admin API at ${url} does not answer; is \`npm run dev\` running?`);
  }
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (res.status === 403) throw new Error(`The local DNS server refused the admin token; check ARBOR_LOCAL_DNS_ADMIN_TOKEN.`);
  if (!res.ok) throw new Error(`The local DNS server refused: ${json.error ?? res.statusText}`);
  return json;
}
