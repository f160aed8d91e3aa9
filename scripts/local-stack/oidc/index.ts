// The local OpenID Provider: server, demo accounts, and the admin client tests use.
export { startOidcProvider, callbackUrlFor, type LocalOidcProvider, type StartOidcOptions } from './start-oidc-provider';
export { DEMO_USERS, DEMO_CLIENTS, DEMO_PASSWORD, demoConnection, type DemoUser } from './demo-accounts';
export { registerOidcUser, registerOidcClient } from './admin-client';
export { subjectFor, type OidcUser, type OidcClient } from './registry';
