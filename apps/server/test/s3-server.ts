import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types; the slice the tests use is declared in s3rver.d.ts.
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';
import { afterFile } from './cleanups.ts';

/**
 * An S3-compatible server on loopback (s3rver, objects in a scratch directory) with one empty
 * bucket, stopped and removed after the test file. Answers the S3_* settings that reach it, with
 * s3rver's built-in access key. s3rver checks the key and a signed link's expiry but not the
 * signature itself of SigV4 requests, and it serves every object to anyone: what is private in a
 * real bucket is its policy's concern (README, "Scale path").
 */
export async function startS3Server(bucket = 'medhire-test'): Promise<S3Config> {
  const directory = mkdtempSync(path.join(tmpdir(), 'medhire-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  afterFile(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
}
