'use client';
// A new link for a pending invitation (POST /api/v1/invitations/[id]/link), emailed again
// (Resend) or made to copy, wherever pending invitations are listed: the unit's Members panel and
// the people list. A new link replaces the previous one (the server keeps only a hash), so
// the links issued here are kept to be shown once, beside their invitation.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { IssuedLink } from './invitation-link-list';

export interface RenewedInvitation extends IssuedLink {
  version: number;
  lastSentAt?: string;
}

type Delivery = 'email' | 'copy';

interface RenewableInvitation {
  id: string;
  email: string;
  version: number;
}

/**
 * `renew` resolves to the renewed invitation (its new version), or null once the failure is told;
 * `onGone` runs when the invitation changed or went elsewhere, so the list can be read again.
 */
export function useRenewInvitationLink(onGone: () => void) {
  const [renewing, setRenewing] = useState<string | null>(null);
  const [issued, setIssued] = useState<Record<string, IssuedLink>>({});

  async function renew(invitation: RenewableInvitation, delivery: Delivery): Promise<RenewedInvitation | null> {
    setRenewing(invitation.id);
    try {
      const r = await call('invitations.renewLink', { params: { invitationId: invitation.id }, body: { delivery, expectedVersion: invitation.version } });
      setIssued((all) => ({ ...all, [invitation.id]: { id: r.id, email: r.email, link: r.link, mail: r.mail } }));
      if (delivery === 'email' && r.mail === 'sent') toast.success(`Sent ${invitation.email} a new invitation link. The previous link no longer works.`);
      else if (delivery === 'email') toast.error(`The email to ${invitation.email} was not sent. Copy the link below, or resend later.`);
      return r;
    } catch (e) {
      toast.error(e instanceof ApiError || e instanceof Error ? e.message : 'Could not make a new link.');
      if (e instanceof ApiError && (e.isConflict || e.status === 404)) onGone();
      return null;
    } finally {
      setRenewing(null);
    }
  }

  return { renewing, issued, renew };
}

/**
 * Resend (only where this Arbor sends mail) and Copy link. `subject` names the invitation in the
 * buttons' accessible names: its email, with the unit where one address has several.
 */
export function RenewLinkButtons({ subject, mailEnabled, disabled, onRenew }: { subject: string; mailEnabled: boolean; disabled: boolean; onRenew: (delivery: Delivery) => void }) {
  return (
    <>
      {mailEnabled && (
        <Button size="sm" disabled={disabled} onClick={() => onRenew('email')} aria-label={`Resend the invitation to ${subject}`}>
          Resend
        </Button>
      )}
      <Button size="sm" disabled={disabled} onClick={() => onRenew('copy')} aria-label={`New link to copy for ${subject}`}>
        Copy link
      </Button>
    </>
  );
}
