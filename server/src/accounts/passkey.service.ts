import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { DataSource, type EntityManager } from 'typeorm';
import { checkPasskeyName, PASSKEY_CHALLENGE_MINUTES, PASSKEY_MESSAGES } from '../../../common/passkeys';
import { TWO_FACTOR_MESSAGES } from '../../../common/two-factor';
import { isUuid } from '../../../common/validation';
import { ipCounterKey } from '../abuse/ip-address';
import { AppConfig } from '../app-config';
import { auditTarget } from '../audit/audit-trail';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { InputError, NotFoundError, UnauthenticatedError } from '../core/errors';
import { logger } from '../core/logger';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import type { AuthUser } from './access-token';
import { isUniqueViolation, updateReturning } from './account-records';
import { RateLimitService } from './rate-limit.service';
import { SecondFactorMails } from './second-factor-mails';
import { SecondFactorService } from './second-factor.service';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TIMEOUT_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/** The transports WebAuthn defines (AuthenticatorTransport); anything else a client sends is dropped, not stored. */
const TRANSPORTS: ReadonlySet<string> = new Set(['usb', 'nfc', 'ble', 'smart-card', 'hybrid', 'internal', 'cable']);
/** A credential id as base64url: WebAuthn allows at most 1023 bytes, 1364 characters (1366 leaves room). */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1366}$/;

/** One passkey as its owner's Security section lists it. */
export interface PasskeyRecord {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What a passkey challenge was issued for (passkey_challenges.purpose): one purpose's challenge answers no other. */
export enum PasskeyChallengePurpose {
  REGISTRATION = 'REGISTRATION',
  SIGN_IN = 'SIGN_IN',
  STEP_UP = 'STEP_UP',
}

interface StoredPasskey {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
}

/**
 * Passkeys (WebAuthn, docs/staff-and-permissions.md "Passkeys"): adding, listing and removing them, and the assertions
 * that sign in with one alone, complete a password sign-in as its second factor, or confirm a sensitive action. Every
 * check of what an authenticator sent is @simplewebauthn/server's; this class keeps the challenges (single use, five
 * minutes) and the credentials (counter included: one that does not go up is refused as a cloned authenticator).
 *
 * The relying party is PUBLIC_URL: its host name is the RP ID and its origin the only origin accepted.
 */
@Service()
export class PasskeyService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly db: DataSource,
    config: AppConfig,
    private readonly bus: EventBus,
    private readonly rateLimits: RateLimitService,
    private readonly settings: StoreSettingsService,
    private readonly secondFactors: SecondFactorService,
    private readonly mails: SecondFactorMails,
  ) {
    const url = new URL(config.mail.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** The account's passkeys, oldest first. */
  async list(userId: string): Promise<PasskeyRecord[]> {
    const rows: { id: string; name: string; created_at: Date; last_used_at: Date | null }[] = await this.db.query(
      `SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
  }

  // ---- Adding and removing ---------------------------------------------------------------------------------------

  /**
   * The options for navigator.credentials.create (JSON): a discoverable credential with user verification, so the
   * passkey can sign in alone; the account's passkeys are excluded, so one authenticator is not added twice.
   */
  async registrationOptions(userId: string): Promise<string> {
    const [account]: { email: string; full_name: string | null }[] = await this.db.query(
      `SELECT u.email, p.full_name FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = $1`,
      [userId],
    );
    if (!account) throw new UnauthenticatedError();
    const existing = await this.credentialsOf(this.db.manager, userId);
    const options = await generateRegistrationOptions({
      rpName: (await this.settings.current()).storeName,
      rpID: this.rpId,
      userName: account.email,
      userDisplayName: account.full_name || account.email,
      // The user handle an authenticator keeps: the account's id, nothing a person would recognise.
      userID: new TextEncoder().encode(userId),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.storeChallenge(options.challenge, PasskeyChallengePurpose.REGISTRATION, userId);
    return JSON.stringify(options);
  }

  /**
   * Verifies the authenticator's answer to `registrationOptions` and keeps the credential under `name`. The session
   * that added it counts as checked for the step-up, as a confirmed TOTP does. Getting here needed a recent check of
   * the session (FIRST_FACTOR_OPERATIONS: the factor, or the password of an account without one), so a stolen session
   * cannot add its own passkey; the account is mailed (from `ip`) all the same. A staff member's audit entry names it.
   */
  async add(user: AuthUser, name: string, responseJson: string, ip: string): Promise<PasskeyRecord> {
    const checked = checkPasskeyName(name);
    if ('error' in checked) throw InputError.field('name', checked.error);
    const response = parseResponse<RegistrationResponseJSON>(responseJson);
    if (!response) throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
    await this.secondFactors.countAttempt(user.id);
    const challenge = await this.takeChallenge(response, PasskeyChallengePurpose.REGISTRATION, user.id);
    if (!challenge) throw InputError.field('response', PASSKEY_MESSAGES.challengeInvalid);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      logger.info({ userId: user.id, reason: refusalReason(error) }, 'A passkey registration was refused');
      throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
    }
    if (!verified.verified) throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
    const { credential } = verified.registrationInfo;
    try {
      const record = await this.db.transaction(async (tx) => {
        const [row]: { id: string; created_at: Date }[] = await tx.query(
          `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
          [
            user.id,
            credential.id,
            Buffer.from(credential.publicKey),
            credential.counter,
            knownTransports(credential.transports),
            checked.name,
          ],
        );
        if (user.sessionId) await this.secondFactors.stamp(tx, user.id, user.sessionId);
        await this.mails.added(tx, user, `A passkey named "${checked.name}"`, ip);
        auditTarget(row.id);
        await this.bus.publish({ topic: 'accounts', id: user.id }, tx);
        return { id: row.id, name: checked.name, createdAt: row.created_at, lastUsedAt: null };
      });
      this.secondFactors.forget(user.id);
      return record;
    } catch (error) {
      if (isUniqueViolation(error)) throw InputError.field('response', PASSKEY_MESSAGES.alreadyAdded);
      throw error;
    }
  }

  /** Removes one of the account's passkeys (a sensitive action: STEP_UP_OPERATIONS asked for a recent check). */
  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
    await this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(`DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id`, [
        id,
        userId,
      ])) as [unknown[], number];
      if (rows.length === 0) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      await this.bus.publish({ topic: 'accounts', id: userId }, tx);
    });
    this.secondFactors.forget(userId);
  }

  /** Drops every passkey of the account, in `tx` (support's resetSecondFactors); answers how many there were. */
  async removeAll(tx: EntityManager, userId: string): Promise<number> {
    const [rows] = (await tx.query(`DELETE FROM passkeys WHERE user_id = $1 RETURNING id`, [userId])) as [
      unknown[],
      number,
    ];
    return rows.length;
  }

  // ---- Signing in with a passkey alone ---------------------------------------------------------------------------

  /**
   * Options for a sign-in by passkey alone: no e-mail, no list of credentials (the browser offers the discoverable
   * ones it has), user verification required, so the passkey is both factors. Throttled per IP: each one is a row.
   */
  async signInOptions(ip: string): Promise<string> {
    await this.rateLimits.hit([`passkey:ip:${ipCounterKey(ip)}`]);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: TIMEOUT_MS,
      userVerification: 'required',
    });
    await this.storeChallenge(options.challenge, PasskeyChallengePurpose.SIGN_IN, null);
    return JSON.stringify(options);
  }

  /**
   * Verifies a sign-in by passkey alone and runs `grant` (the new session) in the transaction that takes the new
   * counter. Every attempt counts towards the IP's sign-in limit (not the account's code limit, see below). An unknown passkey, a bad signature and a counter that went back get one answer, so nothing
   * tells whether a credential belongs to anyone.
   */
  async signIn<T>(
    responseJson: string,
    ip: string,
    grant: (tx: EntityManager, userId: string) => Promise<T>,
  ): Promise<{ userId: string; granted: T }> {
    await this.rateLimits.hit([`signin:ip:${ipCounterKey(ip)}`]);
    const response = parseResponse<AuthenticationResponseJSON>(responseJson);
    if (!response) throw new UnauthenticatedError(PASSKEY_MESSAGES.notAccepted);
    const challenge = await this.takeChallenge(response, PasskeyChallengePurpose.SIGN_IN, null);
    if (!challenge) throw new UnauthenticatedError(PASSKEY_MESSAGES.challengeInvalid);
    const [owner]: { user_id: string }[] = await this.db.query(
      `SELECT user_id FROM passkeys WHERE credential_id = $1`,
      [response.id],
    );
    if (!owner) throw new UnauthenticatedError(PASSKEY_MESSAGES.notAccepted);
    // Not counted towards the account's code attempts: a credential id is no secret once seen, and anonymous answers
    // naming it (each failing the signature check) would use up its owner's codes and step-ups. A signature cannot be
    // guessed, so the IP's count above is the bound this needs.
    return this.db.transaction(async (tx) => {
      const ok = await this.takeAssertion(tx, owner.user_id, response, challenge, true);
      if (!ok) throw new UnauthenticatedError(PASSKEY_MESSAGES.notAccepted);
      return { userId: owner.user_id, granted: await grant(tx, owner.user_id) };
    });
  }

  // ---- The second factor and the step-up -------------------------------------------------------------------------

  /**
   * Options for the second step of a password sign-in (the password was right): the account's passkeys, signing the
   * sign-in challenge itself, so completeSignInWithPasskey checks one single-use value. Null without passkeys.
   */
  async secondFactorOptions(userId: string, signInChallenge: string): Promise<string | null> {
    const credentials = await this.credentialsOf(this.db.manager, userId);
    if (credentials.length === 0) return null;
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: TIMEOUT_MS,
      challenge: isoBase64URL.toBuffer(signInChallenge),
      allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: c.transports })),
      userVerification: 'preferred',
    });
    return JSON.stringify(options);
  }

  /**
   * The proof `SecondFactorService.completeChallenge` takes for a passkey: an assertion of one of the account's
   * passkeys over the sign-in challenge, in its transaction. BAD_USER_INPUT on `response` when refused, as a wrong
   * code is, so the challenge stays for another try within its five attempts.
   */
  async takeSecondFactor(
    tx: EntityManager,
    userId: string,
    responseJson: string,
    signInChallenge: string,
  ): Promise<void> {
    const response = parseResponse<AuthenticationResponseJSON>(responseJson);
    if (!response || !(await this.takeAssertion(tx, userId, response, signInChallenge, false)))
      throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
  }

  /** Options for the step-up of a signed-in session with one of its account's passkeys. */
  async stepUpOptions(user: AuthUser): Promise<string> {
    if (!user.sessionId) throw InputError.field('response', TWO_FACTOR_MESSAGES.sessionRequired);
    const credentials = await this.credentialsOf(this.db.manager, user.id);
    if (credentials.length === 0) throw InputError.field('response', PASSKEY_MESSAGES.noPasskeys);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: TIMEOUT_MS,
      allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: c.transports })),
      userVerification: 'preferred',
    });
    await this.storeChallenge(options.challenge, PasskeyChallengePurpose.STEP_UP, user.id, user.sessionId);
    return JSON.stringify(options);
  }

  /**
   * The step-up by passkey: a right assertion over a challenge this session asked for stamps it as checked now (as
   * confirmSecondFactor does); another session's challenge is refused as any wrong one.
   */
  async confirmStepUp(user: AuthUser, responseJson: string): Promise<void> {
    if (!user.sessionId) throw InputError.field('response', TWO_FACTOR_MESSAGES.sessionRequired);
    const response = parseResponse<AuthenticationResponseJSON>(responseJson);
    if (!response) throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
    await this.secondFactors.countAttempt(user.id);
    const challenge = await this.takeChallenge(response, PasskeyChallengePurpose.STEP_UP, user.id, user.sessionId);
    if (!challenge) throw InputError.field('response', PASSKEY_MESSAGES.challengeInvalid);
    await this.db.transaction(async (tx) => {
      if (!(await this.takeAssertion(tx, user.id, response, challenge, false)))
        throw InputError.field('response', PASSKEY_MESSAGES.notAccepted);
      await this.secondFactors.stamp(tx, user.id, user.sessionId!);
    });
  }

  // ---- Challenges and assertions ---------------------------------------------------------------------------------

  /** Keeps a challenge for `purpose`, of `userId` (null: a sign-in) and, for the step-up, of the session `familyId`. */
  private async storeChallenge(
    challenge: string,
    purpose: PasskeyChallengePurpose,
    userId: string | null,
    familyId: string | null = null,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO passkey_challenges (challenge_hash, purpose, user_id, family_id, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [sha256(challenge), purpose, userId, familyId, PASSKEY_CHALLENGE_MINUTES],
    );
    // Spent and expired challenges mean nothing: keep the table to the live ones.
    await this.db.query(`DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 hour'`);
  }

  /**
   * Uses up the challenge the response signed (its clientDataJSON names it), on the first attempt right or wrong, and
   * answers it when it was ours, for this purpose, account and session (`familyId`, the step-up's), unused and not
   * expired; null otherwise (one answer for all of them).
   */
  private async takeChallenge(
    response: { response: { clientDataJSON: string } },
    purpose: PasskeyChallengePurpose,
    userId: string | null,
    familyId: string | null = null,
  ): Promise<string | null> {
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
    } catch {
      return null;
    }
    if (typeof challenge !== 'string' || challenge.length > 200) return null;
    const [row] = await updateReturning<{
      user_id: string | null;
      family_id: string | null;
      purpose: string;
      fresh: boolean;
    }>(
      this.db.manager,
      `UPDATE passkey_challenges c SET used_at = now()
         FROM (SELECT id, used_at IS NULL AND expires_at > now() AS fresh FROM passkey_challenges
                WHERE challenge_hash = $1 FOR UPDATE) o
        WHERE c.id = o.id RETURNING c.user_id, c.family_id, c.purpose, o.fresh`,
      [sha256(challenge)],
    );
    if (!row || !row.fresh || row.purpose !== purpose || row.user_id !== userId || row.family_id !== familyId)
      return null;
    return challenge;
  }

  /**
   * Verifies an assertion of one of `userId`'s passkeys over `challenge` under the credential's row lock, and keeps
   * its new counter and the time. False when the credential is not the account's or the check fails (a counter that
   * did not go up included: @simplewebauthn refuses it, and the log says so).
   */
  private async takeAssertion(
    tx: EntityManager,
    userId: string,
    response: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<boolean> {
    if (typeof response.id !== 'string') return false;
    const [stored]: StoredPasskey[] = await tx.query(
      `SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys
        WHERE credential_id = $1 AND user_id = $2 FOR UPDATE`,
      [response.id, userId],
    );
    if (!stored) return false;
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: stored.credential_id,
          publicKey: new Uint8Array(stored.public_key),
          counter: Number(stored.counter),
          transports: stored.transports,
        },
        requireUserVerification,
      });
    } catch (error) {
      logger.warn({ userId, passkeyId: stored.id, reason: refusalReason(error) }, 'A passkey was refused');
      return false;
    }
    if (!verified.verified) return false;
    await tx.query(`UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1`, [
      stored.id,
      verified.authenticationInfo.newCounter,
    ]);
    return true;
  }

  private async credentialsOf(
    manager: EntityManager,
    userId: string,
  ): Promise<{ credential_id: string; transports: string[] }[]> {
    const rows: { credential_id: string; transports: string[] }[] = await manager.query(
      `SELECT credential_id, transports FROM passkeys WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    // Rows kept before transports were checked may hold anything: only known ones are handed to a browser.
    return rows.map((row) => ({ credential_id: row.credential_id, transports: knownTransports(row.transports) }));
  }
}

/**
 * The browser's answer as the client sent it (a JSON string); null when it is not a credential's JSON at all.
 * BAD_USER_INPUT on `response` when its credential id (`id`, `rawId`) is not base64url of a credential's length: it
 * is looked up in the database, which refuses a NUL, and nothing else is a credential id.
 */
function parseResponse<T extends { id: string; rawId?: unknown; response: { clientDataJSON: string } }>(
  json: string,
): T | null {
  if (json.length > 64_000) return null;
  let value: T;
  try {
    value = JSON.parse(json) as T;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || typeof value.id !== 'string') return null;
  if (!value.response || typeof value.response !== 'object' || typeof value.response.clientDataJSON !== 'string')
    return null;
  if (!CREDENTIAL_ID.test(value.id) || (value.rawId !== undefined && value.rawId !== value.id))
    throw InputError.field('response', PASSKEY_MESSAGES.malformed);
  return value;
}

/** The transports the browser reported that WebAuthn defines, each once (at most seven). */
function knownTransports(reported: unknown): string[] {
  if (!Array.isArray(reported)) return [];
  return [...new Set(reported.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t)))];
}

/**
 * Why @simplewebauthn refused an answer, in fixed words for the log: its own message quotes the expected challenge,
 * a live secret (a sign-in challenge is a bearer value, kept hashed).
 */
function refusalReason(error: unknown): string {
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  if (message.includes('counter')) return 'counter did not increase (cloned authenticator?)';
  if (message.includes('challenge')) return 'challenge mismatch';
  if (message.includes('origin')) return 'origin mismatch';
  if (message.includes('rp id') || message.includes('rpid')) return 'RP ID mismatch';
  if (message.includes('user verif')) return 'user not verified';
  if (message.includes('signature')) return 'signature not valid';
  return 'answer not valid';
}
