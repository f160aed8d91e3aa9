// SSO connections per tenant (P1): settings with a sealed client secret, and email discovery.
export {
  getConnection, connectionSecret, MAX_CONNECTION_DOMAINS,
  type SsoConnection, type OidcConnection, type SamlConnection, type SamlAttributeMap,
} from './connection';
export { connectionBody, enabledBody, domainBody } from './request-bodies';
export { discoverByEmail, type Discovery } from './discover-by-email';
