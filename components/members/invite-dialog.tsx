'use client';
// Invite one or more people by email to a unit with a role, valid for a chosen number of days.
// Each gets a single-use link by mail; they accept by signing in through the organization's
// SSO with that address. Addresses that can never sign in here are refused with the reason;
// addresses outside the domains SSO serves need an explicit "invite them anyway" (guests).
// When a mail could not be sent (or mail is off), the links are shown to copy.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { UnitOption } from '@/lib/screens/members';
import { InvitationLinkList, type IssuedLink } from './invitation-link-list';
import { RoleSelect } from './role-select';
import { UnitPicker } from './unit-picker';

const DAYS = [1, 3, 7, 14, 30];

export interface InvitedView extends IssuedLink {
  role: Role;
  unitId: string;
  unitName: string;
  expiresAt: string;
  version: number;
  invitedBy: { name?: string; email: string };
  lastSentAt?: string;
}

interface InviteResult {
  invitations: InvitedView[];
  skipped: { email: string; code: string; message: string }[];
}

interface AddressProblem {
  email: string;
  message: string;
}

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** The unit invited to; with `fixedUnit` the person can't pick another. */
  unit: UnitOption;
  fixedUnit?: boolean;
  onInvited?: (invitations: InvitedView[]) => void;
}

const preferred = (roles: Role[]): Role => (roles.includes('member') ? 'member' : roles[0]);

/** Addresses as typed: separated by commas, semicolons, spaces or lines ("Name <a@b>" keeps the address). */
export const splitAddresses = (raw: string) =>
  raw.split(/[\s,;]+/).map((s) => s.replace(/^<|>$/g, '').trim()).filter(Boolean);

export function InviteDialog({ open, onClose, unit: defaultUnit, fixedUnit, onInvited }: InviteDialogProps) {
  const fieldId = useId();
  const [unit, setUnit] = useState<UnitOption | null>(defaultUnit);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<Role>(preferred(defaultUnit.inviteRoles));
  const [days, setDays] = useState(7);
  const [error, setError] = useState<{ field: 'email' | 'unit' | 'form'; message: string; addresses?: AddressProblem[] } | null>(null);
  const [guests, setGuests] = useState<AddressProblem[] | null>(null);
  const [confirmGuests, setConfirmGuests] = useState(false);
  const [links, setLinks] = useState<IssuedLink[] | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = unit?.inviteRoles ?? [];

  function reset() {
    setUnit(defaultUnit);
    setEmails('');
    setRole(preferred(defaultUnit.inviteRoles));
    setDays(7);
    setError(null);
    setGuests(null);
    setConfirmGuests(false);
    setLinks(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!unit) return setError({ field: 'unit', message: 'Pick the unit to invite them to.' });
    const list = splitAddresses(emails);
    if (list.length === 0) return setError({ field: 'email', message: 'Enter at least one email address.' });
    setBusy(true);
    setError(null);
    try {
      const result = await call('invitations.create', {
        body: { emails: list, unitId: unit.id, role: roles.includes(role) ? role : preferred(roles), ttlDays: days, ...(confirmGuests ? { confirmGuests: true } : {}) },
      });
      const { invitations, skipped } = result;
      for (const s of skipped) toast.info(s.message);
      if (invitations.length > 0) {
        const who = invitations.length === 1 ? invitations[0].email : `${invitations.length} people`;
        const sent = invitations.every((i) => i.mail === 'sent');
        toast.success(`Invited ${who} to ${unit.name} as ${invitations[0].role}.${sent ? ' The invitation is on its way by email.' : ''}`);
        onInvited?.(invitations);
      }
      // Links to hand over when a mail did not go out; otherwise the dialog is done.
      if (invitations.some((i) => i.mail !== 'sent')) setLinks(invitations);
      else close();
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not send the invitation.';
      const code = err instanceof ApiError ? err.code : '';
      const addresses = err instanceof ApiError ? (err.details?.addresses as AddressProblem[] | undefined) : undefined;
      if (code === 'invitation.confirmGuests' && addresses) {
        setGuests(addresses);
        setConfirmGuests(false);
      } else {
        setError({ field: code.startsWith('email.') || code.startsWith('invitation.') ? 'email' : 'form', message, addresses });
      }
    } finally {
      setBusy(false);
    }
  }

  const title = fixedUnit ? `Invite to ${defaultUnit.name}` : 'Invite someone';
  if (links) {
    return (
      <Modal open={open} onClose={close} title={title} size="md" description="Share these links with the people invited. Each works once, for the invited address only.">
        <div className="space-y-4">
          <InvitationLinkList links={links} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={close}>Done</Button>
          </div>
        </div>
      </Modal>
    );
  }

  const errorId = `${fieldId}-error`;
  return (
    <Modal open={open} onClose={close} title={title} size="md"
      description="Each person gets a link by email and joins by signing in through your organization’s single sign-on with that address.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">Email addresses</label>
          <textarea
            id={fieldId}
            name="emails"
            rows={3}
            autoComplete="off"
            required
            autoFocus
            value={emails}
            onChange={(e) => { setEmails(e.target.value); setGuests(null); setConfirmGuests(false); }}
            aria-invalid={error?.field === 'email' ? true : undefined}
            aria-describedby={error?.field === 'email' ? errorId : `${fieldId}-hint`}
            className={`${inputClass} resize-y`}
          />
          {error?.field === 'email' ? (
            <div id={errorId} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
              {error.addresses && error.addresses.length > 1 ? (
                <ul className="list-disc pl-4">{error.addresses.map((a) => <li key={a.email}>{a.email}: {a.message}</li>)}</ul>
              ) : (
                <p>{error.message}</p>
              )}
            </div>
          ) : (
            <p id={`${fieldId}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Several at once: separate them with commas or new lines.</p>
          )}
        </div>
        {guests && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            <p className="font-semibold">{guests.length === 1 ? 'This address may not be able to sign in' : 'These addresses may not be able to sign in'}</p>
            <ul className="mt-1 list-disc pl-4">{guests.map((g) => <li key={g.email}>{g.message}</li>)}</ul>
            <label className="mt-2 flex items-center gap-2">
              <input type="checkbox" checked={confirmGuests} onChange={(e) => setConfirmGuests(e.target.checked)} />
              Invite anyway: they have guest accounts at our identity provider
            </label>
          </div>
        )}
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
          <Button type="submit" variant="primary" disabled={busy || !emails.trim() || roles.length === 0 || (guests !== null && !confirmGuests)}>
            {busy ? 'Sending…' : splitAddresses(emails).length > 1 ? 'Send invitations' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
