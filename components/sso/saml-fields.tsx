'use client';
// The SAML part of the connection form: the IdP's metadata (a URL or pasted XML) or its values
// typed in, up to two signing certificates (the current one and its successor while the IdP
// rotates), the attribute names, and IdP-initiated sign-in.
import { inputClass, TextField } from '@/components/ui/text-field';
import type { CertificateView } from '@/lib/screens/sso';
import type { SamlAttributeMap } from '@/lib/sso';
import { SwitchField } from './switch-field';

export interface SamlDraft {
  metadataUrl: string;
  metadataXml: string;
  issuer: string;
  ssoUrl: string;
  certificates: [string, string];
  attributes: SamlAttributeMap;
  idpInitiated: boolean;
}

export const samlDraftFrom = (c?: { metadataUrl?: string; issuer: string; ssoUrl: string; idpCertificates: CertificateView[]; attributes: SamlAttributeMap; idpInitiated: boolean }): SamlDraft => ({
  metadataUrl: c?.metadataUrl ?? '',
  metadataXml: '',
  issuer: c?.issuer ?? '',
  ssoUrl: c?.ssoUrl ?? '',
  certificates: [c?.idpCertificates[0]?.pem ?? '', c?.idpCertificates[1]?.pem ?? ''],
  attributes: c?.attributes ?? {},
  idpInitiated: c?.idpInitiated ?? false,
});

export const samlBody = (d: SamlDraft) => ({
  protocol: 'saml' as const,
  ...(d.metadataUrl.trim() ? { metadataUrl: d.metadataUrl.trim() } : {}),
  ...(d.metadataXml.trim() ? { metadataXml: d.metadataXml } : {}),
  ...(d.issuer.trim() ? { issuer: d.issuer.trim() } : {}),
  ...(d.ssoUrl.trim() ? { ssoUrl: d.ssoUrl.trim() } : {}),
  ...(d.certificates.some((c) => c.trim()) ? { idpCertificates: d.certificates.filter((c) => c.trim()) } : {}),
  attributes: Object.fromEntries(Object.entries(d.attributes).filter(([, v]) => v?.trim())),
  idpInitiated: d.idpInitiated,
});

const ATTRIBUTE_FIELDS: [keyof SamlAttributeMap, string, string][] = [
  ['email', 'Email attribute', 'Empty: the NameID (format emailAddress).'],
  ['givenName', 'First name attribute', 'Default: givenName'],
  ['familyName', 'Last name attribute', 'Default: familyName'],
  ['groups', 'Groups attribute', 'Default: groups'],
];

export function SamlFields({ draft, onChange, error, certificates }: { draft: SamlDraft; onChange: (d: SamlDraft) => void; error: (field: string) => string | undefined; certificates: CertificateView[] }) {
  const set = (patch: Partial<SamlDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="space-y-4">
      <TextField label="IdP metadata URL" value={draft.metadataUrl} onChange={(e) => set({ metadataUrl: e.target.value })} placeholder="https://login.microsoftonline.com/…/federationmetadata.xml" error={error('metadata')} hint="Arbor reads the entity id, sign-on URL and certificates from it. Or paste the XML below, or fill them in." />
      <div>
        <label htmlFor="saml-metadata-xml" className="mb-1 block text-sm font-medium">IdP metadata XML</label>
        <textarea id="saml-metadata-xml" rows={3} value={draft.metadataXml} onChange={(e) => set({ metadataXml: e.target.value })} className={`${inputClass} font-mono text-xs`} placeholder="<EntityDescriptor …>" />
      </div>
      <TextField label="IdP entity ID" value={draft.issuer} onChange={(e) => set({ issuer: e.target.value })} error={error('issuer')} hint="Also called Issuer or Identifier (Entity ID)." />
      <TextField label="IdP single sign-on URL" value={draft.ssoUrl} onChange={(e) => set({ ssoUrl: e.target.value })} error={error('ssoUrl')} />
      {(['Signing certificate', 'Next signing certificate'] as const).map((label, i) => (
        <div key={label}>
          <label htmlFor={`saml-cert-${i}`} className="mb-1 block text-sm font-medium">{label}</label>
          <textarea
            id={`saml-cert-${i}`}
            rows={3}
            value={draft.certificates[i]}
            onChange={(e) => set({ certificates: (i === 0 ? [e.target.value, draft.certificates[1]] : [draft.certificates[0], e.target.value]) as [string, string] })}
            className={`${inputClass} font-mono text-xs`}
            placeholder="-----BEGIN CERTIFICATE-----"
            aria-describedby={`saml-cert-${i}-hint`}
          />
          <p id={`saml-cert-${i}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {certificates[i] ? `Trusted: ${certificates[i].subject}, valid until ${certificates[i].validTo.slice(0, 10)}, SHA-256 ${certificates[i].fingerprint.slice(0, 23)}…` : i === 0 ? 'PEM or base64; from the metadata when left empty.' : 'While your IdP rotates its certificate, trust both.'}
          </p>
        </div>
      ))}
      {error('certificate') && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('certificate')}</p>}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Attribute mapping</legend>
        {ATTRIBUTE_FIELDS.map(([key, label, hint]) => (
          <TextField key={key} label={label} value={draft.attributes[key] ?? ''} onChange={(e) => set({ attributes: { ...draft.attributes, [key]: e.target.value } })} hint={hint} error={key === 'email' ? error('attribute') : undefined} />
        ))}
      </fieldset>
      <SwitchField
        label="IdP-initiated sign-in"
        checked={draft.idpInitiated}
        onChange={(idpInitiated) => set({ idpInitiated })}
        description="Let people start from the identity provider's app list. Off: sign-ins start at Arbor, and each answer must match a request this browser sent."
      />
    </div>
  );
}
