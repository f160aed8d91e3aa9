// The setup links as Settings → Single sign-on lists them.
import 'server-only';
import { setupLinkStatus, type SetupLink, type SetupLinkStatus } from '../setup-links';

export interface SetupLinkView {
  linkId: string;
  label: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  openedAt?: string;
  status: SetupLinkStatus;
}

export const setupLinkViews = (links: SetupLink[]): SetupLinkView[] =>
  links.map((l) => ({
    linkId: l.linkId, label: l.label, createdAt: l.createdAt, createdBy: l.createdBy.name || l.createdBy.email, expiresAt: l.validUntil,
    ...(l.openedAt ? { openedAt: l.openedAt } : {}), status: setupLinkStatus(l),
  }));
