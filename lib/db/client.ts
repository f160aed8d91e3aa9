// DocumentClient construction. Repositories never build clients: they receive one, either the
// tenant-scoped client from lib/tenancy or the platform client for P1–P4.
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countDynamoDbUsage } from '../observability';
import { SDK_RETRY } from './retry-policy';

export interface DocumentClientOptions {
  region: string;
  endpoint?: string;
  credentials?: DynamoDBClientConfig['credentials'];
  /** Extra low-level client settings (for example a request counter in bench/). */
  extra?: Partial<DynamoDBClientConfig>;
}

export function createDocumentClient(options: DocumentClientOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    ...SDK_RETRY,
    ...options.extra,
  });
  const documents = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // Each request's DynamoDB requests and consumed capacity, for its access log line.
  countDynamoDbUsage(documents);
  return documents;
}

export type { DynamoDBDocumentClient as DocumentClient } from '@aws-sdk/lib-dynamodb';
