// What every operation of the reference shares, said once before them: where the API is, how a
// request authenticates, the rate limits, retrying safely with an Idempotency-Key, and the one
// shape of every refusal with the statuses it comes with.
import { anchors, type ApiReference } from './reference-model';
import { CodeSample, GuideSection, SettingsPointer } from './guide-section';
import { codeClass, InlineText, RichText } from './rich-text';

const code = (text: string) => <code className={codeClass}>{text}</code>;

export const GUIDE_SECTIONS = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'rate-limits', title: 'Rate limits' },
  { id: 'idempotency', title: 'Idempotency' },
  { id: 'errors', title: 'Errors' },
] as const;

const title = (id: (typeof GUIDE_SECTIONS)[number]['id']) => GUIDE_SECTIONS.find((s) => s.id === id)!.title;

const ERROR_SAMPLE = JSON.stringify(
  { error: { code: 'request.invalid', message: 'The request body is not valid (name): must be at most 400 characters', details: { issues: ['…'] } } },
  null,
  2,
);

export function ApiGuide({ reference, origin, canManage }: { reference: ApiReference; origin: string; canManage: boolean }) {
  return (
    <>
      <GuideSection id="getting-started" title={title('getting-started')}>
        <p>
          The base URL is {code(origin)}: every path below starts with {code('/api/v1')}. Requests and answers are JSON (UTF-8) unless an
          operation says otherwise, such as the CSV exports.
        </p>
        <CodeSample label="Create a unit with curl">
          {`curl -X POST ${origin}/api/v1/units \\\n  -H "Authorization: Bearer arbor_key_…" \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -d '{"parentId": "<unit id>", "name": "Platform"}'`}
        </CodeSample>
      </GuideSection>

      <GuideSection id="authentication" title={title('authentication')}>
        <p>
          Send an API key in every request: {code('Authorization: Bearer arbor_key_…')}. A key acts as one role on one unit, exactly as a person
          holding that membership would: a manager key administers that unit’s subtree and nothing else. Keys are created, and revoked, in{' '}
          <SettingsPointer href="/settings/api-keys" label="API keys" canOpen={canManage} />; the secret is shown once.
        </p>
        <p>
          A missing, expired or revoked key answers {code('401')}. Operations marked <em>Signed-in person only</em> refuse keys ({code('403 apiKey.personOnly')}):
          they are for the console.
        </p>
      </GuideSection>

      <GuideSection id="rate-limits" title={title('rate-limits')}>
        <p>
          Each key may send a number of requests per one-minute window, within a budget its organization’s keys share. Every answer to a key
          says where it stands:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{code('RateLimit-Limit')}: the requests allowed in the window (the tighter of the key’s limit and its organization’s);</li>
          <li>{code('RateLimit-Remaining')}: how many are left;</li>
          <li>{code('RateLimit-Reset')}: seconds until the window ends.</li>
        </ul>
        <p>
          Past the limit Arbor answers {code('429')} with {code('request.rateLimited')} and a {code('Retry-After')} header: wait that many seconds
          before sending again.
        </p>
      </GuideSection>

      <GuideSection id="idempotency" title={title('idempotency')}>
        <p>
          The operations marked <em>Idempotency-Key</em> (creating units, memberships and invitations, bulk changes, imports) take an{' '}
          {code('Idempotency-Key')} header: send a new UUID with each new request, and the same one when you retry it after a timeout or a dropped
          connection.
        </p>
        {reference.idempotencyKey && <RichText text={reference.idempotencyKey} />}
      </GuideSection>

      <GuideSection id="errors" title={title('errors')}>
        <p>
          Every refusal is JSON of one shape, {code('{ "error": { "code", "message" } }')}: match on {code('code')}, which is stable and dotted; show{' '}
          {code('message')} to people. Some codes add facts in {code('details')}.
        </p>
        <CodeSample label="A refusal">{ERROR_SAMPLE}</CodeSample>
        <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="table-stack w-full text-sm">
            <caption className="sr-only">Error statuses</caption>
            <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">Status</th>
                <th scope="col" className="px-3 py-1.5 font-medium">Meaning</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {reference.errors.map((e) => (
                <tr key={e.status} id={anchors.error(e.status)} className="scroll-mt-4 align-top">
                  <td className="px-3 py-1.5 whitespace-nowrap" data-label="Status">
                    <span className="font-mono font-semibold">{e.status}</span> <span className="text-zinc-600 dark:text-zinc-400">{e.name}</span>
                  </td>
                  <td className="px-3 py-1.5" data-label="Meaning">
                    <InlineText text={e.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </GuideSection>
    </>
  );
}
