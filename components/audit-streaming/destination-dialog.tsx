'use client';
// Adds or edits an audit streaming destination: first its kind (when adding), then that kind's
// fields. Obvious mistakes are named beside their field before anything is sent; the server's
// refusals land on the field they name (`issues[].path`), or above the buttons. A secret is never
// shown back: editing leaves it as it is unless a new one is typed, or where it is sent changes.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { CopyField } from '@/components/ui/copy-field';
import { Modal } from '@/components/ui/modal';
import { inputClass, TextField } from '@/components/ui/text-field';
import { ApiError, call } from '@/lib/api/client';
import { STREAM_LIMITS } from '@/lib/audit-streaming/limits';
import { secretTarget, type Destination, type DestinationKind, type DestinationSettings } from '@/lib/audit-streaming/types';
import { DATADOG_SITES, KIND_LABELS } from './destination-words';

export interface DestinationDialogProps {
  /** The destination being edited; absent when adding one. */
  destination?: Destination;
  /** The organization's external id, which a customer's S3 role trusts. */
  externalId: string;
  onClose: () => void;
  onSaved: (result: { destination: Destination; signingSecret?: string }) => void;
}

type Fields = Record<string, string>;
type Errors = Partial<Record<string, string>>;

/** The form's fields from a destination's settings (strings, as the inputs hold them). */
function fieldsOf(s?: DestinationSettings): Fields {
  if (!s) return {};
  switch (s.kind) {
    case 'https':
      return { url: s.url };
    case 'splunk':
      return { url: s.url, index: s.index ?? '', sourcetype: s.sourcetype ?? '' };
    case 'datadog':
      return { site: s.url ? 'url' : (s.site ?? DATADOG_SITES[0]), url: s.url ?? '', service: s.service ?? '', tags: (s.tags ?? []).join(', ') };
    case 's3':
      return { bucket: s.bucket, region: s.region, prefix: s.prefix ?? '', endpoint: s.endpoint ?? '', access: s.roleArn ? 'role' : 'keys', roleArn: s.roleArn ?? '', accessKeyId: s.accessKeyId ?? '' };
  }
}

const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

function settingsOf(kind: DestinationKind, f: Fields): DestinationSettings {
  switch (kind) {
    case 'https':
      return { kind, url: (f.url ?? '').trim() };
    case 'splunk':
      return { kind, url: (f.url ?? '').trim(), index: optional(f.index), sourcetype: optional(f.sourcetype) };
    case 'datadog': {
      const tags = (f.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
      const byUrl = f.site === 'url';
      return { kind, site: byUrl ? undefined : (f.site ?? DATADOG_SITES[0]), url: byUrl ? optional(f.url) : undefined, service: optional(f.service), tags: tags.length ? tags : undefined };
    }
    case 's3': {
      const role = (f.access ?? 'role') === 'role';
      return {
        kind, bucket: (f.bucket ?? '').trim(), region: (f.region ?? '').trim(), prefix: optional(f.prefix), endpoint: optional(f.endpoint),
        roleArn: role ? optional(f.roleArn) : undefined, accessKeyId: role ? undefined : optional(f.accessKeyId),
      };
    }
  }
}

function badUrl(value: string | undefined, required: boolean): string | undefined {
  const v = value?.trim() ?? '';
  if (!v) return required ? 'Enter the URL.' : undefined;
  if (v.length > STREAM_LIMITS.maxUrlLength) return `At most ${STREAM_LIMITS.maxUrlLength} characters.`;
  try {
    const url = new URL(v);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a URL starting with https://.';
  } catch {
    return 'Enter a whole URL, such as https://logs.example.com/arbor.';
  }
  return undefined;
}

/** What is plainly wrong before anything is sent; the server checks everything again. */
function check(kind: DestinationKind, name: string, f: Fields, secret: string, previous?: DestinationSettings): Errors {
  const e: Errors = {};
  if (!name.trim()) e.name = 'Give the destination a name.';
  const hasSecret = kind !== 'https' && !(kind === 's3' && (f.access ?? 'role') === 'role');
  // A stored secret goes only where it was given for: a new target needs it typed again.
  const moved = previous !== undefined && (previous.kind !== kind || secretTarget(previous) !== secretTarget(settingsOf(kind, f)));
  if (hasSecret && !secret.trim() && (!previous || moved)) {
    const what = kind === 'splunk' ? 'the collector’s token' : kind === 'datadog' ? 'a Datadog API key' : 'the secret access key';
    e.secret = previous ? `Where this destination sends changed: enter ${what} again.` : `Enter ${what}.`;
  }
  if (kind === 'https' || kind === 'splunk') e.url = badUrl(f.url, true);
  if (kind === 'datadog' && f.site === 'url') e.url = badUrl(f.url, true);
  if (kind === 's3') {
    if (!f.bucket?.trim()) e.bucket = 'Enter the bucket’s name.';
    else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(f.bucket.trim())) e.bucket = 'A bucket name is 3 to 63 lowercase letters, digits, dots and hyphens.';
    if (!f.region?.trim()) e.region = 'Enter the bucket’s region, such as eu-west-1.';
    e.endpoint = badUrl(f.endpoint, false);
    if ((f.access ?? 'role') === 'role' && !/^arn:aws[a-z-]*:iam::\d{12}:role\/.+/.test(f.roleArn?.trim() ?? '')) e.roleArn = 'Enter the role’s ARN, such as arn:aws:iam::123456789012:role/arbor-audit.';
    if (f.access === 'keys' && !f.accessKeyId?.trim()) e.accessKeyId = 'Enter the access key id.';
    if ((f.access ?? 'role') === 'role' && f.endpoint?.trim()) e.endpoint = 'An S3-compatible store takes access keys: a role is assumed with AWS only.';
  }
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v)) as Errors;
}

/** Which field a refusal of the server is about, by its code (lib/audit-streaming/errors.ts). */
const FIELD_OF_CODE: Record<string, string> = { 'auditStream.badName': 'name', 'auditStream.badUrl': 'url', 'auditStream.badSecret': 'secret' };

/** The server's refusal, put on the field it is about when there is one, else above the buttons. */
function serverErrors(error: unknown, kind: DestinationKind): { fields: Errors; general?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: error instanceof Error ? error.message : 'Could not save the destination.' };
  let field = FIELD_OF_CODE[error.code];
  // An S3 destination's only URL is its endpoint.
  if (field === 'url' && kind === 's3') field = 'endpoint';
  if (!field) {
    const [issue] = (error.details?.issues ?? []) as { path: string[]; message: string }[];
    const last = issue?.path.at(-1);
    if (last && last !== 'kind') return { fields: { [last]: issue.message } };
    return { fields: {}, general: error.message };
  }
  return { fields: { [field]: error.message } };
}

export function DestinationDialog({ destination, externalId, onClose, onSaved }: DestinationDialogProps) {
  const editing = Boolean(destination);
  const [kind, setKind] = useState<DestinationKind>(destination?.settings.kind ?? 'https');
  const [name, setName] = useState(destination?.name ?? '');
  const [f, setF] = useState<Fields>(() => ({ access: 'role', site: DATADOG_SITES[0], ...fieldsOf(destination?.settings) }));
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: string) => (e: { target: { value: string } }) => setF((current) => ({ ...current, [key]: e.target.value }));

  async function save() {
    const found = check(kind, name, f, secret, destination?.settings);
    setErrors(found);
    setGeneral(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    const body = { name: name.trim(), settings: settingsOf(kind, f), secret: secret.trim() || undefined };
    try {
      const result = destination
        ? { destination: await call('auditStreams.update', { params: { destinationId: destination.destinationId }, body: { ...body, expectedVersion: destination.version } }) }
        : await call('auditStreams.create', { body });
      onSaved(result);
    } catch (error) {
      const refused = serverErrors(error, kind);
      setErrors(refused.fields);
      setGeneral(refused.general);
    } finally {
      setBusy(false);
    }
  }

  const secretHint = destination?.secretHint ? `Now …${destination.secretHint}. Leave empty to keep it, unless you change where it is sent: then enter it again.` : undefined;
  const field = (key: string, label: string, props: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} value={f[key] ?? ''} onChange={set(key)} error={errors[key]} {...props} />
  );

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={editing ? `Edit ${destination!.name}` : 'Add a destination'}
      description="Every audit entry of the organization is sent there, in order, at least once; each carries its id so duplicates can be dropped."
      footer={
        <>
          <Button variant="primary" type="submit" form="audit-stream-destination" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save' : 'Add destination'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
        </>
      }
    >
      <form
        id="audit-stream-destination"
        aria-label={editing ? 'Edit destination' : 'New destination'}
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {!editing && (
          <ChoiceGroup
            legend="Kind"
            name="audit-stream-kind"
            value={kind}
            onChange={(k) => {
              setKind(k);
              setErrors({});
            }}
            choices={(Object.keys(KIND_LABELS) as DestinationKind[]).map((k) => ({ value: k, label: KIND_LABELS[k].label, hint: KIND_LABELS[k].hint }))}
          />
        )}
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={STREAM_LIMITS.maxNameLength} placeholder="Security team's SIEM" />

        {kind === 'https' &&
          field('url', 'Endpoint URL', { type: 'url', placeholder: 'https://siem.example.com/arbor', hint: 'https:// only. Each POST carries JSON lines and Standard Webhooks signature headers; the signing secret is shown once, after adding.' })}

        {kind === 'splunk' && (
          <>
            {field('url', 'HTTP Event Collector URL', { type: 'url', placeholder: 'https://http-inputs-acme.splunkcloud.com/services/collector/event' })}
            <TextField label="HEC token" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} error={errors.secret} hint={secretHint} maxLength={STREAM_LIMITS.maxSecretLength} />
            <div className="grid gap-3 sm:grid-cols-2">
              {field('index', 'Index (optional)', { hint: 'The token’s default index when empty.' })}
              {field('sourcetype', 'Source type (optional)', { placeholder: 'arbor:audit' })}
            </div>
          </>
        )}

        {kind === 'datadog' && (
          <>
            <div>
              <label htmlFor="audit-stream-datadog-site" className="mb-1 block text-sm font-medium">Datadog site</label>
              <select id="audit-stream-datadog-site" className={inputClass} value={f.site} onChange={set('site')}>
                {DATADOG_SITES.map((site) => <option key={site} value={site}>{site}</option>)}
                <option value="url">Another intake URL (a proxy)</option>
              </select>
            </div>
            {f.site === 'url' && field('url', 'Intake URL', { type: 'url', placeholder: 'https://logs-proxy.example.com/api/v2/logs' })}
            <TextField label="API key" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} error={errors.secret} hint={secretHint} maxLength={STREAM_LIMITS.maxSecretLength} />
            <div className="grid gap-3 sm:grid-cols-2">
              {field('service', 'Service (optional)', { placeholder: 'arbor' })}
              {field('tags', 'Tags (optional)', { placeholder: 'env:prod, team:security', hint: 'Separated by commas.' })}
            </div>
          </>
        )}

        {kind === 's3' && (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              {field('bucket', 'Bucket', { placeholder: 'acme-audit-logs', autoCapitalize: 'none' })}
              {field('region', 'Region', { placeholder: 'eu-west-1' })}
            </div>
            {field('prefix', 'Key prefix (optional)', { placeholder: 'arbor/', hint: 'Objects are written under it, one per batch, named by date and first entry.' })}
            {field('endpoint', 'Endpoint (S3-compatible stores only)', { type: 'url', placeholder: 'https://s3.eu-central-1.wasabisys.com', hint: 'Leave empty for Amazon S3.' })}
            <ChoiceGroup
              legend="Access"
              name="audit-stream-s3-access"
              value={(f.access ?? 'role') as 'role' | 'keys'}
              onChange={(access) => setF((current) => ({ ...current, access }))}
              choices={[
                { value: 'role', label: 'A role Arbor assumes', hint: 'Recommended for Amazon S3: no long-lived key leaves your account.' },
                { value: 'keys', label: 'Access keys', hint: 'For S3-compatible stores, or where a role cannot be used.' },
              ]}
            />
            {(f.access ?? 'role') === 'role' ? (
              <>
                {field('roleArn', 'Role ARN', { placeholder: 'arn:aws:iam::123456789012:role/arbor-audit' })}
                <CopyField label="External id" value={externalId} hint="Require it in the role's trust policy (sts:ExternalId), so only your organization's streams can assume the role." />
              </>
            ) : (
              <>
                {field('accessKeyId', 'Access key id', { autoComplete: 'off' })}
                <TextField label="Secret access key" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} error={errors.secret} hint={secretHint} maxLength={STREAM_LIMITS.maxSecretLength} />
              </>
            )}
          </>
        )}
        {general && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{general}</p>}
      </form>
    </Modal>
  );
}
