'use client';
// API keys: what other systems call Arbor's API with. Each acts as one role on one unit, exactly
// as a person holding that membership, with full access or for checks only (asking who may do
// what, changing nothing); the secret is shown once, in a dialog (Arbor keeps only its hash);
// revoking stops it at once.
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { RelativeTime } from '@/components/audit/relative-time';
import { Card } from '@/components/directory-sync/card';
import { CustomRolePicker, type CustomRoleChoice } from '@/components/members/custom-role-picker';
import { RoleSelect } from '@/components/members/role-select';
import { UnitPicker } from '@/components/members/unit-picker';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ShownOnceModal } from '@/components/ui/shown-once-modal';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useAction } from '@/components/ui/use-action';
import { call } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { ApiKeyView, ApiKeysScreenView } from '@/lib/screens/api-keys';
import { KeyAccessPicker, KEY_ACCESS_WORDS, type KeyAccess } from './key-access-picker';
import type { UnitOption } from '@/lib/screens/members';

const EXPIRY_DAYS = [7, 30, 90, 365];
/** What a key may act as: never an owner. */
type KeyRole = Exclude<Role, 'owner'>;
const KEY_ROLES: KeyRole[] = ['admin', 'manager', 'member'];
const isKeyRole = (role: Role): role is KeyRole => role !== 'owner';

export function ApiKeysCard({ view }: { view: ApiKeysScreenView }) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const { busy, run } = useAction();
  const full = view.keys.length >= view.maxKeys;

  const revoke = (k: ApiKeyView) =>
    run(() => call('apiKeys.revoke', { params: { keyId: k.keyId } }), `Revoked the API key ${k.name}.`, {
      failed: 'Could not revoke the key.',
      settled: () => setRevoking(null),
    });

  return (
    <Card
      id="api-keys"
      title="API keys"
      description={
        <>
          Other systems call <Link className="underline" href="/developers">Arbor’s API</Link> with a key. A key acts as a role on a unit,
          exactly as a person with that membership: a manager key administers that unit’s subtree only.
        </>
      }
    >
      {view.keys.length === 0 ? (
        <EmptyState title="No API key yet">Create one for each system that calls Arbor, so each can be revoked alone.</EmptyState>
      ) : (
        <DataTable caption="API keys" columns={['Name', 'Acts as', 'Key', 'Created', 'Expires', 'Last used', '']}>
          {view.keys.map((k) => {
            const expired = Date.parse(k.expiresAt) <= Date.parse(view.now);
            return (
              <tr key={k.keyId}>
                <td className="px-3 py-2 font-medium">{k.name}</td>
                <td className="px-3 py-2">
                  <span className="capitalize">{k.role}</span>{k.roles?.length ? ` + ${k.roles.map((key) => view.customRoles.find((r) => r.key === key)?.name ?? key).join(', ')}` : ''} of {k.unit.name ?? <em>a deleted unit (the key no longer works)</em>}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{KEY_ACCESS_WORDS[k.scope].label}</span>
                </td>
                <td className="px-3 py-2 font-mono text-xs">arbor_key_…{k.hint}</td>
                <td className="px-3 py-2">
                  {k.createdBy}, <RelativeTime iso={k.createdAt} serverNow={view.now} />
                </td>
                <td className={`px-3 py-2 ${expired ? 'text-red-700 dark:text-red-400' : ''}`}>
                  {expired ? 'expired ' : ''}
                  <RelativeTime iso={k.expiresAt} serverNow={view.now} />
                </td>
                <td className="px-3 py-2">{k.lastUsedAt ? <RelativeTime iso={k.lastUsedAt} serverNow={view.now} /> : 'never'}</td>
                <td className="px-3 py-2 text-right">
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(k)} disabled={busy} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <div>
        <Button variant="primary" onClick={() => setCreating(true)} disabled={full}>
          New API key
        </Button>
        {full && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">An organization can have {view.maxKeys} keys at a time: revoke one you no longer use first.</p>}
      </div>

      <NewKeyDialog
        open={creating}
        maxDays={view.maxDays}
        customRoles={view.customRoles}
        onClose={() => setCreating(false)}
        onCreated={(name, secret) => {
          setCreating(false);
          setCreated({ name, secret });
          router.refresh();
        }}
      />
      <ShownOnceModal
        value={created?.secret ?? null}
        onClose={() => setCreated(null)}
        title={`Your new API key${created ? `: ${created.name}` : ''}`}
        description="Copy it now: Arbor keeps only a hash and cannot show it again."
        label="API key"
        hint="Send it as Authorization: Bearer <key>."
      />
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke the API key ${revoking?.name ?? ''}?`}
        description="It stops working at once: a system still sending it gets 401 from its next request."
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

interface NewKeyDialogProps {
  open: boolean;
  maxDays: number;
  customRoles: CustomRoleChoice[];
  onClose: () => void;
  onCreated: (name: string, secret: string) => void;
}

function NewKeyDialog({ open, maxDays, customRoles, onClose, onCreated }: NewKeyDialogProps) {
  const [name, setName] = useState('');
  const [unit, setUnit] = useState<UnitOption | null>(null);
  const [role, setRole] = useState<KeyRole>('manager');
  const [roles, setRoles] = useState<string[]>([]);
  const [days, setDays] = useState(90);
  const [access, setAccess] = useState<KeyAccess>('full');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function create() {
    if (!unit) return;
    setBusy(true);
    setError(undefined);
    try {
      const { secret } = await call('apiKeys.create', { body: { name, unitId: unit.id, role, ...(roles.length ? { roles } : {}), scope: access, expiresInDays: days } });
      onCreated(name.trim(), secret);
      setName('');
      setUnit(null);
      setRoles([]);
      setAccess('full');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not create the key.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="New API key"
      description="Give the key only the reach its system needs: a manager of one unit rather than an admin of everything."
      footer={
        <>
          <Button variant="primary" type="submit" form="new-api-key" disabled={busy || !name.trim() || !unit}>
            {busy ? 'Creating…' : 'Create key'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
        </>
      }
    >
      <form
        id="new-api-key"
        aria-label="New API key"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} placeholder="HR system sync" maxLength={60} hint="Names the key in this list and in the audit trail." />
        <UnitPicker label="Unit" value={unit} onChange={setUnit} />
        <RoleSelect label="Role" value={role} options={KEY_ROLES} onChange={(r) => isKeyRole(r) && setRole(r)} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Admin only on the top unit; a member key can only read.</p>
        {customRoles.length > 0 && <CustomRolePicker id="api-key-roles" label="Custom roles" options={customRoles} value={roles} onChange={setRoles} />}
        <KeyAccessPicker value={access} onChange={setAccess} />
        <div>
          <label htmlFor="api-key-expiry" className="mb-1 block text-sm font-medium">Expires after</label>
          <select
            id="api-key-expiry"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {EXPIRY_DAYS.filter((d) => d <= maxDays).map((d) => (
              <option key={d} value={d}>{d === 365 ? '1 year' : `${d} days`}</option>
            ))}
          </select>
        </div>
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      </form>
    </Modal>
  );
}
