// SSO connections per tenant (P1): settings with a sealed client secret, and email discovery.
export {
  setConnection, getConnection, connectionSecret, validateIssuer, validateDomains, MAX_CONNECTION_DOMAINS,
  type SsoConnection, type SetConnectionInput,
} from './connection';
export { saveConnection } from './save-connection';
export { discoverByEmail, type Discovery } from './discover-by-email';
export { sealSecret, openSecret } from './secret-box';
