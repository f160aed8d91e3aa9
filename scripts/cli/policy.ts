// `npm run cli -- policy <tenantId> [--pretty] [--assume]`: prints the exact inline session
// policy the app sends to STS for a tenant (no session tags are used), its size against the
// 2,048-character limit, the role and session name; `--assume` also calls AssumeRole with the
// runtime's credentials and prints the PackedPolicySize STS reports.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { config } from '../../lib/config';
import { SESSION_POLICY_MAX_CHARS, roleSessionName, tableArnForRole, tenantSessionPolicyText } from '../../lib/tenancy';
import { defineCommand } from './kit/define-command';

export const { description, run } = defineCommand({
  description: 'print the exact STS session policy for a tenant (--pretty, --assume)',
  usage: 'Usage: npm run cli -- policy <tenantId> [--pretty] [--assume]',
  options: { pretty: { type: 'boolean' }, assume: { type: 'boolean' } },
  verbs: {
    '': {
      positionals: 1,
      async run({ values, positionals: [tenantId] }) {
        const cfg = config();
        const tableArn = tableArnForRole(cfg.ARBOR_TENANT_ROLE_ARN, cfg.AWS_REGION, cfg.ARBOR_TABLE);
        const policy = tenantSessionPolicyText({ tableArn, tenantId });
        console.log(values.pretty ? JSON.stringify(JSON.parse(policy), null, 2) : policy);
        console.log();
        console.log(`size:         ${policy.length} of ${SESSION_POLICY_MAX_CHARS} characters (sent minified, as above)`);
        console.log(`session tags: none (the policy above is the whole scoping)`);
        console.log(`role:         ${cfg.ARBOR_TENANT_ROLE_ARN}`);
        console.log(`session name: ${roleSessionName(tenantId)} (with ARBOR_TENANT_SESSION_SCOPE=user: ${roleSessionName(tenantId)},u=<userId>)`);
        if (values.assume) {
          const sts = new STSClient({ region: cfg.AWS_REGION, endpoint: cfg.ARBOR_STS_ENDPOINT });
          const out = await sts.send(
            new AssumeRoleCommand({ RoleArn: cfg.ARBOR_TENANT_ROLE_ARN, RoleSessionName: roleSessionName(tenantId), Policy: policy, DurationSeconds: 900 }),
          );
          console.log(`assumed:      ${out.AssumedRoleUser?.Arn}, PackedPolicySize ${out.PackedPolicySize ?? 'not reported'}%`);
        }
      },
    },
  },
});
