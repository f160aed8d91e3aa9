// What a behaviour test needs from the stack that `npm test` started: endpoints and clients.
import { createDocumentClient, type DocumentClient } from '../../lib/db';

export function stackEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suites through \`npm test\`, which starts the local stack`);
  return value;
}

export const tableName = () => stackEnv('ARBOR_TABLE');

/** Unrestricted client straight to DynamoDB Local: for set-up and for checking stored state. */
export function directClient(): DocumentClient {
  return createDocumentClient({
    region: 'us-east-1',
    endpoint: stackEnv('ARBOR_LOCAL_DYNAMODB_ENDPOINT'),
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}
