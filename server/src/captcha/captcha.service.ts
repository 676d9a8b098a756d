/**
 * The store's own CAPTCHA (docs/decisions.md "Abuse", docs/graphql-api.md "CAPTCHA"): an ALTCHA proof of work that
 * the browser solves in a Web Worker, made and checked here with `altcha-lib`, no third party involved.
 *
 * A challenge is signed (HMAC, a key derived from JWT_SECRET) and expires after 10 minutes; a solution is accepted
 * once, whichever replica it reaches (table `captcha_challenges_used`). When one is asked for is CAPTCHA's mode:
 * `always`, or `adaptive` past a per-IP count of sign-ups or orders in an hour, counted in the statement that counts
 * the caller's own rate limits so that a store below the threshold pays no extra round trip.
 */
import { ipCounterKey } from '../abuse/ip-address';
import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CAPTCHA_FIELD, CAPTCHA_MESSAGES, CAPTCHA_PAYLOAD_MAX_LENGTH } from '../../../common/captcha';
import type { RateLimitHits, RateLimitKey } from '../accounts/rate-limit.service';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { InputError } from '../core/errors';
import { logger } from '../core/logger';
import { resultOf, rowsOf, sqlQuery } from '../db/typed-sql';

/**
 * The work asked of a browser: PBKDF2-SHA-256 of 5,000 iterations per attempt until a key starts with one zero byte,
 * 256 attempts on average: about 0.3 s on a desktop core, a second or two on a phone (docs/decisions.md "Abuse").
 * PBKDF2 runs natively in WebCrypto, so a bot's native code has little advantage over the browser's; checking a
 * solution costs the server one derivation (about 1 ms on the thread pool).
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 5_000;
const KEY_PREFIX = '00';
/** How long a challenge may be solved and sent. */
export const CAPTCHA_CHALLENGE_TTL_SECONDS = 600;
/** How often one process deletes records of challenges long expired. */
const PRUNE_EVERY_MS = 60_000;
/**
 * A used challenge's record is kept this long past its expiry: a replica whose clock is behind by less still refuses
 * the challenge as used rather than accepting it as unexpired.
 */
const PRUNE_MARGIN_SECONDS = 600;

/** What is being done: each has its own per-IP count in adaptive mode. */
export type CaptchaAction = 'signUp' | 'checkout';

/** The HMAC key of challenges: derived from JWT_SECRET (as the signed-URL key is), so there is no setting to forget. */
export function captchaSigningKey(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('captcha-challenges').digest('hex');
}

/** The payload's shape (the altcha widget's): base64 of `{ challenge: { parameters, signature }, solution }`. */
const payloadSchema = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

/**
 * One sign-up's or checkout's dealings with the CAPTCHA, in the order the caller meets them: count `counters` with its
 * own rate limits, then `afterCount` (asks for a challenge past the threshold), and `redeem` the solution sent, if any.
 */
export interface CaptchaGate {
  /** The adaptive per-IP counter (soft: never refused by the rate limiter); empty unless CAPTCHA=adaptive. */
  readonly counters: RateLimitKey[];
  /** BAD_USER_INPUT on `captcha` when no solution was sent and this IP is past the threshold. */
  afterCount(hits: RateLimitHits): void;
  /** Verifies the solution sent, if any, and records it as used: BAD_USER_INPUT on `captcha` when it is not good. */
  redeem(): Promise<void>;
}

const NO_GATE: CaptchaGate = { counters: [], afterCount: () => undefined, redeem: async () => undefined };

/** A new challenge signed with `key`, expiring CAPTCHA_CHALLENGE_TTL_SECONDS after `now`. */
export function issueChallenge(key: string, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    keyPrefix: KEY_PREFIX,
    deriveKey,
    expiresAt: new Date(now + CAPTCHA_CHALLENGE_TTL_SECONDS * 1000),
    hmacSignatureSecret: key,
  });
}

/** A challenge as a payload carries it: payloadSchema has checked its signature is a string. */
type SignedChallenge = Challenge & { signature: string };

/**
 * Checks a payload against `key` (`verifySolution`: expiry, signature, then the solution, so only a challenge this
 * store signed costs a key derivation) and returns its challenge; BAD_USER_INPUT on `captcha` when it is not good.
 * Whether it was used before is the caller's question.
 */
export async function verifyPayload(
  key: string,
  payload: string,
): Promise<{ challenge: SignedChallenge; expiresAt: number }> {
  const invalid = () => InputError.field(CAPTCHA_FIELD, CAPTCHA_MESSAGES.invalid);
  if (payload.length > CAPTCHA_PAYLOAD_MAX_LENGTH) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!payloadSchema.safeParse(decoded).success) throw invalid();
  // The objects as sent, not zod's copies: the signature covers the parameters exactly as they were issued.
  const { challenge, solution } = decoded as { challenge: SignedChallenge; solution: Solution };
  const expiresAt = challenge.parameters.expiresAt;
  // Every challenge this store signs has an expiry.
  if (typeof expiresAt !== 'number') throw invalid();
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: key });
  } catch {
    // Parameters the library cannot work with (not hex, an unknown algorithm) under a signature: not ours.
    throw invalid();
  }
  if (result.expired) throw InputError.field(CAPTCHA_FIELD, CAPTCHA_MESSAGES.expired);
  if (!result.verified) throw invalid();
  return { challenge, expiresAt };
}

@Service()
export class CaptchaService {
  private readonly key: string;
  private lastPrune = 0;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    this.key = captchaSigningKey(config.jwtSecret);
  }

  /** A new signed challenge as JSON (`captchaChallenge`): random bytes and one HMAC, whatever the mode. */
  async challenge(): Promise<string> {
    return JSON.stringify(await issueChallenge(this.key));
  }

  /**
   * The gate of one sign-up or checkout from `ip`, with the `payload` its input carried. CAPTCHA=always without a
   * payload is refused here, before anything is counted or read; CAPTCHA=off ignores any payload.
   */
  gate(action: CaptchaAction, ip: string, payload: string | null | undefined): CaptchaGate {
    const { mode } = this.config.captcha;
    if (mode === 'off') return NO_GATE;
    const sent = payload ? payload : null;
    if (mode === 'always' && !sent) throw InputError.field(CAPTCHA_FIELD, CAPTCHA_MESSAGES.required);
    const redeem = sent ? () => this.redeem(sent) : NO_GATE.redeem;
    if (mode === 'always') return { counters: [], afterCount: NO_GATE.afterCount, redeem };
    const limit = action === 'signUp' ? this.config.captcha.signUpsPerIp : this.config.captcha.checkoutsPerIp;
    const key = `captcha:${action}:ip:${ipCounterKey(ip)}`;
    return {
      counters: [{ key, limit, soft: true }],
      afterCount: (hits) => {
        if (!sent && (hits.get(key) ?? 0) > limit.max) {
          throw InputError.field(CAPTCHA_FIELD, CAPTCHA_MESSAGES.required);
        }
      },
      redeem,
    };
  }

  /**
   * Checks a payload (signature, expiry, solution: `verifySolution`) and records its challenge as used, in one insert
   * whose conflict refuses a second use, however many replicas see it at once.
   */
  private async redeem(payload: string): Promise<void> {
    const { challenge, expiresAt } = await verifyPayload(this.key, payload);
    const rows = await rowsOf(
      this.db,
      sqlQuery
        .insertInto('captcha_challenges_used')
        .values({ signature: challenge.signature, expires_at: sql<Date>`to_timestamp(${expiresAt})` })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature'),
    );
    void this.pruneOccasionally();
    if (rows.length === 0) throw InputError.field(CAPTCHA_FIELD, CAPTCHA_MESSAGES.used);
  }

  /** Keeps the table small: a challenge expired long ago is refused as expired anyway. */
  private async pruneOccasionally(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    try {
      await resultOf(
        this.db,
        sqlQuery
          .deleteFrom('captcha_challenges_used')
          .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${PRUNE_MARGIN_SECONDS})`),
      );
    } catch (error) {
      // Best effort: a failed prune only leaves rows for the next one.
      logger.warn({ err: error }, 'Pruning used CAPTCHA challenges failed');
    }
  }
}
