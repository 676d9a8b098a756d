/**
 * A software WebAuthn authenticator for API tests: an ES256 key pair from node:crypto, and the registration and
 * assertion responses a browser would send for it, built per the WebAuthn spec (clientDataJSON, authenticator data,
 * a "none" attestation with the COSE public key). Test tooling only: the server checks them with @simplewebauthn.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags byte of authenticator data: user present, user verified, attested credential data included. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter it reports next (set it back to imitate a cloned authenticator). */
  counter = 0;
  /** The user handle it keeps from registration (a discoverable credential answers it at sign-in). */
  userHandle: string | null = null;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer of navigator.credentials.create to the server's options (JSON), as JSON. */
  register(optionsJson: string, { userVerified = true } = {}): string {
    const options = JSON.parse(optionsJson) as CreationOptions;
    this.userHandle = options.user.id;
    const clientData = this.clientData('webauthn.create', options.challenge);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.header(options.rp.id, FLAG_UP | FLAG_AT | (userVerified ? FLAG_UV : 0)),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    });
  }

  /** The answer of navigator.credentials.get to the server's options (JSON), as JSON; `challenge` overrides theirs. */
  assert(optionsJson: string, { userVerified = true, challenge }: { userVerified?: boolean; challenge?: string } = {}) {
    const options = JSON.parse(optionsJson) as RequestOptions;
    const clientData = this.clientData('webauthn.get', challenge ?? options.challenge);
    const authData = this.header(options.rpId, FLAG_UP | (userVerified ? FLAG_UV : 0));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle ?? undefined,
      },
    });
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** rpIdHash, flags and the counter (which goes up by one on every use, as a hardware counter does). */
  private header(rpId: string, flags: number): Buffer {
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }
}
