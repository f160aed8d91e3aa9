// SAML 2.0 connections: settings and IdP metadata, the service provider per tenant, sign-in.
export { startSamlSignIn, receiveSamlResponse, finishSamlSignIn, MAX_SAML_RESPONSE_CHARS, type AcsOutcome, type CompleteOutcome } from './sign-in';
export { serviceProviderUrls, serviceProviderMetadata } from './service-provider';
export { requestStore } from './request-store';
export { parseIdpMetadata, fetchIdpMetadata } from './metadata';
export type { SamlSettingsInput } from './settings';
