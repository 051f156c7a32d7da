import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuthBase } from './second-factor-kit.ts';
import { post } from './second-factor-kit.ts';

/**
 * A fake authenticator that builds real WebAuthn responses by hand, so the server's verification
 * runs exactly as it does for a browser: a P-256 key pair (ES256), attestation format "none",
 * authenticatorData of rpIdHash, flags, counter and (when registering) the attested credential
 * data with the COSE public key, and ECDSA signatures over authenticatorData || SHA-256(clientDataJSON).
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array | string): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A tiny CBOR encoder: unsigned and negative integers, byte and text strings, maps. */
type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), Buffer.from(value)]);
  const parts = [cborHead(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter, 0);
  return bytes;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class FakeAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter the next assertion reports (then grows by one). */
  counter = 0;
  /** The user handle (base64url) the registration gave this credential. */
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private rpIdHash(rpId: string): Buffer {
    return createHash('sha256').update(rpId).digest();
  }

  /** The browser's answer to `navigator.credentials.create(options)` (RegistrationResponseJSON). */
  register(options: CreationOptions, overrides: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user.id;
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      coseKey(this.keys.publicKey),
    ]);
    const authData = Buffer.concat([
      this.rpIdHash(overrides.rpId ?? this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(this.counter),
      attested,
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * The browser's answer to `navigator.credentials.get(options)` (AuthenticationResponseJSON).
   * The counter reported is `counter` (then it grows by one), unless `overrides.counter` says.
   */
  assert(options: RequestOptions, overrides: { counter?: number; origin?: string } = {}) {
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = counter;
    const authData = Buffer.concat([
      this.rpIdHash(this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

/** Registers a passkey named `name` for the signed-in account; answers the fake authenticator. */
export async function registerPasskey(
  app: FastifyInstance,
  base: AuthBase,
  token: string,
  name = 'Work laptop',
): Promise<FakeAuthenticator> {
  const authenticator = new FakeAuthenticator(app.config.publicUrl);
  const started = await post(app, `${base}/passkey/registration-options`, token);
  expect(started.statusCode, started.body).toBe(200);
  const registered = await post(app, `${base}/passkey/register`, token, {
    name,
    credential: authenticator.register(started.json().data.options as CreationOptions),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return authenticator;
}

/** The options of a sign-in with a passkey alone (or, with a ticket, of a second step). */
export async function authenticationOptions(
  app: FastifyInstance,
  base: AuthBase,
  ticket?: string,
): Promise<RequestOptions> {
  const response = await post(
    app,
    `${base}/passkey/authentication-options`,
    undefined,
    ticket ? { ticket } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.options as RequestOptions;
}
