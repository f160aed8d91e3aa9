// `npm run cli -- dns set-txt <domain> <value> [<value>…] | clear <domain> | list`: TXT records on
// the local stack's DNS server (through its admin API), to prove a domain while developing. It
// works only where ARBOR_LOCAL_DNS_ADMIN_URL is set (dev and test); in production the record is
// published at the domain's DNS provider.
import { config } from '../../lib/config';
import { defineCommand } from './kit/define-command';

export const { description, run } = defineCommand({
  description: "TXT records on the local stack's DNS server (set-txt <domain> <value>… | clear <domain> | list)",
  usage: 'Usage: npm run cli -- dns set-txt <domain> <value> [<value>…] | dns clear <domain> | dns list',
  options: {},
  verbs: {
    'set-txt': { positionals: [2, 100], run: ({ positionals: [domain, ...values] }) => setTxt(domain, values) },
    clear: { positionals: 1, run: ({ positionals: [domain] }) => setTxt(domain, []) },
    list: {
      async run() {
        const records = (await request('GET', '/records')) as Record<string, string[]>;
        for (const [name, txt] of Object.entries(records)) console.log(`${name}  TXT ${txt.map((v) => JSON.stringify(v)).join(' ')}`);
        console.log(`${Object.keys(records).length} name(s)`);
      },
    },
  },
});

async function setTxt(domain: string, values: string[]): Promise<void> {
  const set = (await request('PUT', `/records/${encodeURIComponent(domain)}`, { txt: values })) as { name: string; txt: string[] };
  if (set.txt.length === 0) console.log(`Cleared ${set.name}: it now answers NXDOMAIN.`);
  for (const v of set.txt) console.log(`${set.name}  TXT ${JSON.stringify(v)}`);
}

/** A call to the local DNS server's admin API; its refusals and absence are thrown in words. */
async function request(method: string, path: string, body?: unknown): Promise<unknown> {
  const { ARBOR_LOCAL_DNS_ADMIN_URL: url, ARBOR_LOCAL_DNS_ADMIN_TOKEN: token = '' } = config();
  if (!url) {
    throw new Error("No local DNS server is configured (ARBOR_LOCAL_DNS_ADMIN_URL): dns is the local stack's DNS server; in production publish the record at your DNS provider.");
  }
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
