// `npm run cli -- domain recheck`: looks again at the TXT record of every proven domain whose
// re-check is due (ARBOR_DOMAIN_RECHECK_HOURS after the last), flags those whose record is gone
// (audit entry, mail to the tenant's owners) and clears the flag of those whose record is back.
// Run it from a scheduler (cron, EventBridge) every hour; it Queries only what is due.
import { recheckDueDomains } from '../../lib/domains';
import { operatorDb, tenantDb } from '../../lib/tenancy';
import { defineCommand } from './kit/define-command';

export const { description, run } = defineCommand({
  description: 'look again at the DNS records of proven domains whose re-check is due (recheck)',
  usage: 'Usage: npm run cli -- domain recheck',
  options: {},
  verbs: {
    recheck: {
      async run() {
        const s = await recheckDueDomains(operatorDb(), (id) => tenantDb(id));
        console.log(`${s.checked} domain(s) checked: ${s.stillProven} still proven, ${s.restored} record(s) back, ${s.failing} missing (owners told when newly missing)`);
      },
    },
  },
});
