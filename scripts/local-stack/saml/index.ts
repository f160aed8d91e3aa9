// The local SAML 2.0 IdP: server, Initech's demo accounts, the admin client tests use, and the
// response builder/forger (the IdP's own responses and the attack tests' forged ones).
export { startSamlIdp, type LocalSamlIdp, type SamlUser, type StartSamlOptions } from './start-saml-idp';
export { SAML_DEMO_USERS, SAML_DEMO_DOMAIN, type SamlDemoUser } from './demo-accounts';
export { registerSamlUser } from './admin-client';
export {
  buildSamlResponse, encodeSamlResponse, decodeSamlResponse, wrapSignature, injectNameIdComment, newSamlId,
  SAML_STATUS, NAMEID_FORMAT_EMAIL, type SamlResponseOptions, type WrapVariant,
} from './forge-response';
