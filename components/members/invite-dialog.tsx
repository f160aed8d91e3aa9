'use client';
// Invite someone by email to a unit with a role, valid for a chosen number of days. They accept
// by signing in through the organization's SSO with that address.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { UnitOption } from '@/lib/screens/members';
import { RoleSelect } from './role-select';
import { UnitPicker } from './unit-picker';

const DAYS = [1, 3, 7, 14, 30];

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** The unit invited to; with `fixedUnit` the person can't pick another. */
  unit: UnitOption;
  fixedUnit?: boolean;
  onInvited?: (invitation: { id: string; email: string; role: Role; unitId: string; expiresAt: string }) => void;
}

const preferred = (roles: Role[]): Role => (roles.includes('member') ? 'member' : roles[0]);

export function InviteDialog({ open, onClose, unit: defaultUnit, fixedUnit, onInvited }: InviteDialogProps) {
  const [unit, setUnit] = useState<UnitOption | null>(defaultUnit);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(preferred(defaultUnit.inviteRoles));
  const [days, setDays] = useState(7);
  const [error, setError] = useState<{ field: 'email' | 'unit' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = unit?.inviteRoles ?? [];

  function reset() {
    setUnit(defaultUnit);
    setEmail('');
    setRole(preferred(defaultUnit.inviteRoles));
    setDays(7);
    setError(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!unit) return setError({ field: 'unit', message: 'Pick the unit to invite them to.' });
    setBusy(true);
    setError(null);
    try {
      const invitation = await api<{ id: string; email: string; role: Role; unitId: string; expiresAt: string }>('/api/v1/invitations', {
        body: { email, unitId: unit.id, role: roles.includes(role) ? role : preferred(roles), ttlDays: days },
      });
      toast.success(`Invited ${invitation.email} to ${unit.name} as ${invitation.role}. They join by signing in with SSO.`);
      onInvited?.(invitation);
      close();
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not send the invitation.';
      const code = err instanceof ApiError ? err.code : '';
      setError({ field: code.startsWith('email.') || code.startsWith('invitation.') ? 'email' : 'form', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title={fixedUnit ? `Invite to ${defaultUnit.name}` : 'Invite someone'} size="md"
      description="They join when they sign in through your organization’s single sign-on with this address.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error?.field === 'email' ? error.message : undefined}
          autoFocus
        />
        {!fixedUnit && (
          <div>
            <UnitPicker value={unit} onChange={(u) => { setUnit(u); if (u) setRole(preferred(u.inviteRoles)); }} />
            {error?.field === 'unit' && <p role="alert" className="text-xs text-red-700 dark:text-red-400">{error.message}</p>}
          </div>
        )}
        <div className="grid grid-cols-2 gap-3">
          <RoleSelect label="Role" value={roles.includes(role) ? role : preferred(roles)} options={roles} onChange={setRole} disabled={roles.length === 0} />
          <div>
            <label htmlFor="invite-days" className="mb-1 block text-sm font-medium">Valid for</label>
            <select
              id="invite-days"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className="block h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              {DAYS.map((d) => (
                <option key={d} value={d}>{d === 1 ? '1 day' : `${d} days`}</option>
              ))}
            </select>
          </div>
        </div>
        {error?.field === 'form' && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p>}
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || !email.trim() || roles.length === 0}>
            {busy ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
