// SAML 2.0 connections: settings and IdP metadata, the service provider per tenant, and the checks
// on what an IdP sends. The sign-in that uses them is lib/auth's (saml-sign-in.ts).
export { serviceProviderUrls, serviceProviderMetadata } from './service-provider';
export { requestStore } from './request-store';
export { parseIdpMetadata, fetchIdpMetadata } from './metadata';
export type { SamlSettingsInput } from './settings';
