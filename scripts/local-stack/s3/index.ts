// The local stack's S3: s3rver, an S3-compatible server on loopback, so S3 audit-stream
// destinations write real objects through @aws-sdk/client-s3 exactly as against AWS. Objects are
// files under a folder (kept across restarts in dev: `.arbor/s3`; a temporary one for tests);
// s3rver accepts the access key `S3RVER` with the secret `S3RVER`. A bucket is made at start.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** `http://127.0.0.1:<port>`: the endpoint S3 destinations name locally. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the objects are files: `<directory>/<bucket>/<key>._S3rver_object`. */
  directory: string;
  stop(): Promise<void>;
}

export const LOCAL_S3_BUCKET = 'arbor-audit';
const KEY = 'S3RVER';

export async function startLocalS3(options: { port: number; dataDir?: string; bucket?: string }): Promise<LocalS3> {
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'arbor-s3-'));
  mkdirSync(directory, { recursive: true });
  const bucket = options.bucket ?? LOCAL_S3_BUCKET;
  const server = new S3rver({ port: options.port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: KEY, secretAccessKey: KEY, directory,
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
