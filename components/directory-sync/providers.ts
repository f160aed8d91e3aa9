// The identity providers the screen names, and how each is set up (lib/scim PROVIDERS keys).
import type { Provider } from '@/lib/scim';

export const PROVIDER_NAMES: Record<Provider, string> = {
  entra: 'Microsoft Entra ID',
  okta: 'Okta',
  other: 'Other SCIM client',
};

export const PROVIDER_STEPS: Record<Provider, string[]> = {
  entra: [
    'In Entra ID: Enterprise applications → New application → Create your own application (non-gallery).',
    'Provisioning → Provisioning Mode Automatic → Admin Credentials: paste the Tenant URL below and a Secret token from “Tokens”, then Test Connection.',
    'Mappings: keep userName, emails, name, active and the department attribute; assign the users and groups to sync; start provisioning.',
  ],
  okta: [
    'In Okta: Applications → your app → General → App Settings: enable SCIM provisioning.',
    'Provisioning → Integration: SCIM connector base URL is the Tenant URL below; Unique identifier field for users: userName.',
    'Supported provisioning actions: Push New Users, Push Profile Updates, Push Groups; Authentication mode: HTTP Header (Bearer), with a token from “Tokens”.',
  ],
  other: [
    'Point your SCIM 2.0 client at the Tenant URL below (Users and Groups endpoints, userName as the identifier).',
    'Send a token from “Tokens” as the HTTP header Authorization: Bearer <token>.',
  ],
};
