// The local IdP's people and clients, changeable at runtime (tests add their own), and the
// storage adapter that serves clients from here and keeps everything else in memory.
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';

export interface OidcUser {
  email: string;
  name: string;
  password: string;
  /** Reported as `email_verified`; defaults to true. */
  emailVerified?: boolean;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
}

export interface Account extends Required<OidcUser> {
  /** Stable opaque subject, as real IdPs issue. */
  sub: string;
}

export const subjectFor = (email: string) => `u-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;

export class Registry {
  private readonly accounts = new Map<string, Account>();
  private readonly clients = new Map<string, OidcClient>();

  constructor(private readonly redirectUris: string[]) {}

  addUser(user: OidcUser): Account {
    const email = user.email.trim().toLowerCase();
    const account = { ...user, email, emailVerified: user.emailVerified ?? true, sub: subjectFor(email) };
    this.accounts.set(account.sub, account);
    return account;
  }

  addClient(client: OidcClient) {
    this.clients.set(client.clientId, { ...client });
  }

  accountBySub = (sub: string) => this.accounts.get(sub);
  accountByEmail = (email: string) => this.accounts.get(subjectFor(email));

  clientMetadata(clientId: string): AdapterPayload | undefined {
    const c = this.clients.get(clientId);
    if (!c) return undefined;
    return {
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: this.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  }

  /** oidc-provider adapter factory: clients from the registry, other models in memory. */
  adapterFactory() {
    const store = new Map<string, { payload: AdapterPayload; expiresAt?: number }>();
    const live = (key: string) => {
      const entry = store.get(key);
      if (entry?.expiresAt && entry.expiresAt < Date.now()) {
        store.delete(key);
        return undefined;
      }
      return entry?.payload;
    };
    return (model: string): Adapter => {
      const k = (id: string) => `${model}:${id}`;
      return {
        find: async (id) => (model === 'Client' ? this.clientMetadata(id) : live(k(id))),
        findByUid: async (uid) => [...store.entries()].find(([key, e]) => key.startsWith(`${model}:`) && e.payload.uid === uid && live(key))?.[1].payload,
        findByUserCode: async (code) => [...store.entries()].find(([key, e]) => key.startsWith(`${model}:`) && e.payload.userCode === code && live(key))?.[1].payload,
        upsert: async (id, payload, expiresIn) => {
          store.set(k(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
        },
        consume: async (id) => {
          const p = live(k(id));
          if (p) p.consumed = Math.floor(Date.now() / 1000);
        },
        destroy: async (id) => {
          store.delete(k(id));
        },
        revokeByGrantId: async (grantId) => {
          for (const [key, e] of store) if (e.payload.grantId === grantId) store.delete(key);
        },
      };
    };
  }
}
