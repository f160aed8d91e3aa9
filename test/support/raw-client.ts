// The full client behind a db, for tests that must send what the app never may (a write straight
// to the table, a request the IAM gateway should refuse, middleware that counts requests).
import type { DocumentClient, ReadClient } from '../../lib/db';

export const rawClient = (db: { client: ReadClient | DocumentClient }): DocumentClient => db.client as DocumentClient;
