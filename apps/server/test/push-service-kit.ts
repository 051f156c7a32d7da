import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A local HTTPS server standing in for a browser's push service, with a self-signed certificate
 * for `localhost` written into `workDir`: a server process trusts it through NODE_EXTRA_CA_CERTS
 * (`certPath`), code in the test's own process through `agent`. A subscription whose path starts
 * with /gone/ is one the browser dropped: the service answers 410 for it, 201 otherwise.
 */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  certPath: string;
  agent: Agent;
  close(): Promise<void>;
}

export async function startPushService(workDir: string): Promise<TestPushService> {
  const keyPath = path.join(workDir, 'key.pem');
  const certPath = path.join(workDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedPush[] = [];
  const cert = readFileSync(certPath);
  const server: Server = createServer({ key: readFileSync(keyPath), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    received,
    certPath,
    agent,
    close: async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A browser's side of a subscription: a P-256 key pair and an auth secret. */
export function browserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The JSON a browser would read from a received push (RFC 8291, aes128gcm). */
export function decryptPush<T>(push: ReceivedPush, keys: { ecdh: ECDH; auth: string }): T {
  return JSON.parse(
    decrypt(push.body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString(
      'utf8',
    ),
  ) as T;
}
