/**
 * The CAPTCHA's proof of work (server/src/captcha/captcha.service.ts) against altcha-lib's published test vectors
 * (its tests/v2/algorithms/pbkdf2.test.ts and web/pbkdf2.test.ts: PBKDF2 of nonce ‖ counter as a big-endian uint32,
 * salted): the library's solver, with Node's derivation (the server's) and WebCrypto's (the browser worker's), finds
 * the vector's counter and key, and the store's own verification accepts exactly that solution under its signature.
 */
import { createHmac } from 'node:crypto';
import { solveChallenge, type Challenge, type ChallengeParameters } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { CAPTCHA_FIELD, CAPTCHA_MESSAGES } from '../../common/captcha';
import {
  CAPTCHA_CHALLENGE_TTL_SECONDS,
  captchaSigningKey,
  issueChallenge,
  verifyPayload,
} from '../../server/src/captcha/captcha.service';

/** altcha-lib's vectors: nonce, salt and counter 123, PBKDF2/SHA-256 with 32-byte keys. */
const NONCE = '39baf91a19d671f8231217f9e28342a6';
const SALT = '5e00d5d152e1a5db7d44fb6404a40a5e';
const COUNTER = 123;
const VECTORS = [
  { cost: 1, key: '722ede188d41e7a7c9fd5447dca6cbb84e09c15724dbaadfb5bfb37d2cd4effa' },
  { cost: 2, key: 'cba117f9a790022a55589d5008c9f003e49c011ff7fe34fc838788a1825524f7' },
];

const KEY = captchaSigningKey('j'.repeat(64));

/**
 * Parameters as a challenge carries them, with a key prefix taken from the vector's key: long enough (4 bytes) that
 * no counter below 123 matches it, so a solver counting from 0 stops at the vector.
 */
function vectorParameters(cost: number, key: string, expiresAt: number): ChallengeParameters {
  return {
    algorithm: 'PBKDF2/SHA-256',
    cost,
    keyLength: 32,
    keyPrefix: key.slice(0, 8),
    nonce: NONCE,
    salt: SALT,
    expiresAt,
  };
}

/**
 * Signs parameters as altcha-lib does (HMAC-SHA-256, hex, over the JSON of the parameters with their keys sorted):
 * createChallenge draws its own nonce and salt, so a vector's parameters are signed here.
 */
function signed(parameters: ChallengeParameters, key = KEY): Challenge {
  const sorted = Object.fromEntries(Object.entries(parameters).sort(([a], [b]) => a.localeCompare(b)));
  return { parameters, signature: createHmac('sha256', key).update(JSON.stringify(sorted)).digest('hex') };
}

function payload(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

async function refusal(promise: Promise<unknown>): Promise<{ code: unknown; fieldErrors: unknown }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: { extensions: { code: unknown; fieldErrors: unknown } }) => e,
  );
  return { code: error.extensions.code, fieldErrors: error.extensions.fieldErrors };
}

const refusedWith = (message: string) => ({
  code: 'BAD_USER_INPUT',
  fieldErrors: [{ field: CAPTCHA_FIELD, message }],
});

describe('the CAPTCHA against altcha-lib', () => {
  it.each(VECTORS)('solves the published PBKDF2/SHA-256 vector of cost $cost (Node and WebCrypto)', async (v) => {
    const challenge = signed(vectorParameters(v.cost, v.key, inAMinute()));
    for (const deriveKey of [nodeDeriveKey, webDeriveKey]) {
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution).toMatchObject({ counter: COUNTER, derivedKey: v.key });
    }
  });

  it.each(VECTORS)('accepts the vector of cost $cost under its own signature, and nothing else', async (v) => {
    const challenge = signed(vectorParameters(v.cost, v.key, inAMinute()));
    const good = { counter: COUNTER, derivedKey: v.key };
    await expect(verifyPayload(KEY, payload(challenge, good))).resolves.toMatchObject({ challenge });

    const invalid = refusedWith(CAPTCHA_MESSAGES.invalid);
    // Another counter, another key, a key that is not the counter's.
    await expect(refusal(verifyPayload(KEY, payload(challenge, { ...good, counter: COUNTER + 1 })))).resolves.toEqual(
      invalid,
    );
    const otherKey = VECTORS.find((o) => o !== v)!.key;
    await expect(refusal(verifyPayload(KEY, payload(challenge, { ...good, derivedKey: otherKey })))).resolves.toEqual(
      invalid,
    );
    // Tampered: an easier cost under the same signature; signed with another key.
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: v.cost + 1 } };
    await expect(refusal(verifyPayload(KEY, payload(tampered, good)))).resolves.toEqual(invalid);
    const foreign = signed(challenge.parameters, captchaSigningKey('k'.repeat(64)));
    await expect(refusal(verifyPayload(KEY, payload(foreign, good)))).resolves.toEqual(invalid);
  });

  it('refuses an expired challenge as expired, and what is not a payload as invalid', async () => {
    const v = VECTORS[0];
    const expired = signed(vectorParameters(v.cost, v.key, Math.floor(Date.now() / 1000) - 1));
    await expect(
      refusal(verifyPayload(KEY, payload(expired, { counter: COUNTER, derivedKey: v.key }))),
    ).resolves.toEqual(refusedWith(CAPTCHA_MESSAGES.expired));
    for (const garbage of [
      '',
      'not base64 at all',
      Buffer.from('{"challenge":1}').toString('base64'),
      'A'.repeat(5000),
    ]) {
      await expect(refusal(verifyPayload(KEY, garbage))).resolves.toEqual(refusedWith(CAPTCHA_MESSAGES.invalid));
    }
  });

  it("issues signed challenges that expire in 10 minutes, which the library's solver solves and the store accepts", async () => {
    const now = Date.now();
    const challenge = await issueChallenge(KEY, now);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5000, keyPrefix: '00' });
    expect(challenge.parameters.expiresAt).toBe(Math.floor(now / 1000) + CAPTCHA_CHALLENGE_TTL_SECONDS);
    // As the browser gets it: JSON from captchaChallenge.
    const received = JSON.parse(JSON.stringify(challenge)) as Challenge;
    const solution = await solveChallenge({ challenge: received, deriveKey: webDeriveKey });
    expect(solution).not.toBeNull();
    await expect(verifyPayload(KEY, payload(received, solution!))).resolves.toMatchObject({
      expiresAt: challenge.parameters.expiresAt,
    });
    // A challenge issued 10 minutes and a second ago has expired.
    const old = await issueChallenge(KEY, now - (CAPTCHA_CHALLENGE_TTL_SECONDS + 1) * 1000);
    const oldSolution = await solveChallenge({ challenge: old, deriveKey: nodeDeriveKey });
    await expect(refusal(verifyPayload(KEY, payload(old, oldSolution!)))).resolves.toEqual(
      refusedWith(CAPTCHA_MESSAGES.expired),
    );
  });
});
