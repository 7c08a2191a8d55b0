import { createHash, generateKeyPairSync, KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests, written apart from the server's relying party
 * (@simplewebauthn/server) so the two check each other: ES256 keys from node:crypto, attestation
 * "none", CBOR encoded here by hand (the few types WebAuthn needs). It answers creation and request
 * options the way a browser with a platform authenticator would (the JSON forms of the responses), and
 * each answer can be bent to test a refusal: another origin or rp id, no user verification, a chosen
 * signature counter, another challenge.
 */
export interface SoftCredential {
  /** base64url, as the response's `id`. */
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** base64url user handle from the creation options (`user.id`). */
  userHandle: string;
  counter: number;
}

export interface Bend {
  origin?: string;
  rpId?: string;
  /** false: the authenticator reports user presence without user verification. */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  challenge?: string;
  /** The credential to assert with (default: the first one registered). */
  credential?: SoftCredential;
}

/** What a creation options object must carry (typed loosely, so the SDK's JSON type fits as it is). */
export interface CreationOptions {
  challenge: string;
  rp?: unknown;
  user?: unknown;
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin`: where the "browser" runs (the server's PUBLIC_URL origin); the rp id defaults to its host. */
  constructor(private readonly origin: string) {}

  private get host(): string {
    return new URL(this.origin).hostname;
  }

  /** A RegistrationResponseJSON to the options; the new credential is kept (first one: the default). */
  register(options: CreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: SoftCredential = {
      id: randomBytes(16).toString('base64url'),
      privateKey,
      publicKey,
      userHandle: (options.user as { id: string }).id,
      counter: bend.counter ?? 0,
    };
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const rawId = Buffer.from(credential.id, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      this.authData(
        bend.rpId ?? (options.rp as { id?: string } | undefined)?.id ?? this.host,
        bend.userVerified,
        credential.counter,
        true,
      ),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return credentialJson(credential, {
      clientDataJSON: this.clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin),
      attestationObject: attestationObject.toString('base64url'),
      transports: ['internal'],
    });
  }

  /** An AuthenticationResponseJSON to the options (counter: one more than the last, unless bent). */
  assert(options: RequestOptions, bend: Bend = {}) {
    const credential = bend.credential ?? this.credentials[0];
    if (!credential) throw new Error('SoftwareAuthenticator: nothing registered');
    credential.counter = bend.counter ?? credential.counter + 1;
    const authData = this.authData(
      bend.rpId ?? options.rpId ?? this.host,
      bend.userVerified,
      credential.counter,
      false,
    );
    const clientDataJSON = this.clientData('webauthn.get', bend.challenge ?? options.challenge, bend.origin);
    const signed = Buffer.concat([
      authData,
      createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest(),
    ]);
    return credentialJson(credential, {
      clientDataJSON,
      authenticatorData: authData.toString('base64url'),
      // ES256 signatures are ASN.1 DER, node's default for EC keys.
      signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
      userHandle: credential.userHandle,
    });
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
  }

  /** rpIdHash, flags (UP, UV unless bent, AT when attested data follows), signature counter. */
  private authData(rpId: string, userVerified = true, counter: number, attested: boolean): Buffer {
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count]);
  }
}

/** A PublicKeyCredential's JSON form (`toJSON()`) around an authenticator response. */
function credentialJson<R>(credential: SoftCredential, response: R) {
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response,
  };
}

/** The CBOR (RFC 8949) of integers, byte and text strings and maps: what attestation needs. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) {
      const b = Buffer.alloc(3);
      b[0] = (major << 5) | 25;
      b.writeUInt16BE(length, 1);
      return b;
    }
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
