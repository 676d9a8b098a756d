import { ipCounterKey } from '../abuse/ip-address';
import { DataSource, type EntityManager } from 'typeorm';
import { BlockRuleService } from '../abuse/block-rule.service';
import { STEP_UP_METHODS } from '../../../common/two-factor';
import { CUSTOMER_MESSAGES, MESSAGES, signInSchema, signUpSchema } from '../../../common/validation';
import { AppConfig } from '../app-config';
import { CaptchaService } from '../captcha/captcha.service';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { ForbiddenError, InputError, parseInput, UnauthenticatedError } from '../core/errors';
import { signAccessToken } from './access-token';
import { insertAccount, isUniqueViolation, normalizeEmail } from './account-records';
import type { SignInInput, SignUpInput } from './account.inputs';
import { AccountBlocks } from './account-block.service';
import { AccountRecoveryService } from './account-recovery.service';
import { AccountTokens } from './account-token.service';
import { AccountService } from './account.service';
import { AuthPayload } from './auth-payload.type';
import { PasskeyService } from './passkey.service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { RateLimitService } from './rate-limit.service';
import { SecondFactorService } from './second-factor.service';
import { SessionService, type IssuedRefreshToken } from './session.service';
import { User } from './user.entity';

/**
 * Refreshes one account may make (all its devices together) in a window: far above a person's (one per tab every
 * 15 minutes, and one per full page load), and a bound on the rows a script refreshing in a loop adds to `sessions`
 * (each rotation keeps its row 30 days, for reuse detection). Over it, RATE_LIMITED and nothing rotates.
 */
const REFRESH_RATE_LIMIT = { max: 120, windowSeconds: 600 };
/** How a sign-up or sign-in arrived: whether to start a refresh session, and the device it came from. */
export interface SignInOptions {
  session: boolean;
  userAgent?: string | null;
}

/** A successful sign-up, sign-in or refresh: the API payload plus the refresh token for the cookie. */
export interface SignedIn {
  payload: AuthPayload;
  /** Absent when no session was asked for (a transport without cookies, e.g. graphql-ws). */
  refresh?: IssuedRefreshToken;
}

/**
 * Sign-up, sign-in, refresh and sign-out (docs/architecture.md "Sessions"). Access tokens are 15-minute JWTs whose
 * roles are read from the database each time one is minted; refresh tokens are rotated by SessionService.
 * Sign-up and sign-in are throttled per IP and per e-mail by RateLimitService, after validation and
 * before any password hashing.
 */
@Service()
export class AuthService {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
    private readonly blocks: AccountBlocks,
    private readonly blockRules: BlockRuleService,
    private readonly captcha: CaptchaService,
    private readonly recovery: AccountRecoveryService,
    private readonly tokens: AccountTokens,
    private readonly bus: EventBus,
    private readonly secondFactors: SecondFactorService,
    private readonly passkeys: PasskeyService,
  ) {}

  /**
   * Creates the user and its profile in one transaction and signs them in at once: the caller gets an
   * access token and (over HTTP) the refresh cookie, so a new customer can go straight to checkout.
   * A taken e-mail is refused with a clear message: the spec's front end shows backend errors to the
   * user, and the throttle bounds how fast anyone can probe for accounts this way.
   */
  async signUp(input: SignUpInput, ip: string, options: SignInOptions): Promise<SignedIn> {
    const values = parseInput(signUpSchema, {
      fullName: input.fullName ?? '',
      email: input.email,
      password: input.password,
    });
    const email = normalizeEmail(values.email);
    // Block rules first: from memory, and a refused request writes nothing (not even a throttle count).
    await this.blockRules.assertAllowed({ ip, emails: [email] }, 'sign-up');
    // The CAPTCHA before any password hashing: its adaptive count per IP rides on the throttle's statement.
    const captcha = this.captcha.gate('signUp', ip, input.captcha);
    captcha.afterCount(
      await this.rateLimits.hit(
        [`signup:ip:${ipCounterKey(ip)}`, `signup:email:${email}`],
        undefined,
        captcha.counters,
      ),
    );
    await captcha.redeem();
    // Taken: another account has it, or its owner moved away from it and may take it back (a live undo link).
    const taken =
      (await this.db.getRepository(User).existsBy({ email })) || (await this.tokens.isReserved(this.db.manager, email));
    if (taken) throw InputError.field('email', MESSAGES.emailTaken);
    const passwordHash = await hashPassword(values.password);
    let created: { userId: string; refresh?: IssuedRefreshToken };
    try {
      created = await this.db.transaction(async (tx) => {
        const id = await insertAccount(tx, { email, passwordHash, fullName: values.fullName });
        // The address is confirmed by a link (docs/decisions.md "Accounts and sessions"); the account works meanwhile.
        await this.recovery.sendVerification(tx, id, email);
        const device = { userAgent: options.userAgent ?? null, ip };
        return { userId: id, refresh: options.session ? await this.passwordSession(tx, id, device) : undefined };
      });
    } catch (error) {
      // Two sign-ups racing for one e-mail: the unique index decides, the loser gets the same message.
      if (isUniqueViolation(error)) throw InputError.field('email', MESSAGES.emailTaken);
      throw error;
    }
    return this.signedIn(created.userId, created.refresh);
  }

  /**
   * Checks e-mail and password. An unknown e-mail and a wrong password give the same error after the
   * same work (a dummy hash is verified), so neither the answer nor its timing tells them apart. A blocked
   * account is told so (FORBIDDEN) only after the right password: someone guessing passwords learns nothing.
   */
  async signIn(input: SignInInput, ip: string, options: SignInOptions): Promise<SignedIn> {
    const values = parseInput(signInSchema, { email: input.email, password: input.password ?? '' });
    const email = normalizeEmail(values.email);
    await this.blockRules.assertAllowed({ ip, emails: [email] }, 'sign-in');
    await this.rateLimits.hit([`signin:ip:${ipCounterKey(ip)}`, `signin:email:${email}`]);
    const user = await this.db.getRepository(User).findOneBy({ email });
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), values.password);
    if (!user || !valid) throw new UnauthenticatedError(MESSAGES.invalidCredentials);
    if (user.blockedAt) throw new ForbiddenError(CUSTOMER_MESSAGES.accountBlocked);
    await this.sessions.pruneExpired(user.id);
    // An account with a second factor gets a challenge, not tokens: completeSignIn issues them for a right code.
    if (await this.secondFactors.hasFactor(user.id)) return this.challenged(user.id);
    // Issued only while the password checked is still the account's: a reset racing this sign-in wins. Without a
    // session (graphql-ws) the access token is minted under the same lock, so a reset that follows ends it
    // (sessions_ended_at after its issue time) and one that preceded refuses it.
    const device = { userAgent: options.userAgent ?? null, ip };
    const signed = await this.sessions.whilePasswordHolds(user.id, user.passwordHash, async (tx) =>
      this.signedIn(user.id, options.session ? await this.passwordSession(tx, user.id, device) : undefined),
    );
    if (!signed) throw new UnauthenticatedError(MESSAGES.invalidCredentials);
    return signed;
  }

  /**
   * The second step of a sign-in of an account with a second factor: the challenge signIn answered and a TOTP or
   * recovery code (SecondFactorService.completeChallenge: single use, throttled). The new session counts as checked
   * for the step-up of sensitive actions.
   */
  async completeSignIn(challenge: string, code: string, ip: string, options: SignInOptions): Promise<SignedIn> {
    await this.blockRules.assertAllowed({ ip }, 'sign-in');
    const { userId, granted } = await this.secondFactors.completeChallenge(
      challenge,
      code,
      ip,
      this.checkedSession(ip, options),
    );
    await this.blocks.assertNotBlocked(userId);
    return this.signedIn(userId, granted);
  }

  /**
   * completeSignIn with a passkey instead of a code: an assertion over the sign-in challenge (signIn's
   * `passkeyOptions`) by one of the account's passkeys; the same challenge rules, throttles and session.
   */
  async completeSignInWithPasskey(
    challenge: string,
    response: string,
    ip: string,
    options: SignInOptions,
  ): Promise<SignedIn> {
    await this.blockRules.assertAllowed({ ip }, 'sign-in');
    const { userId, granted } = await this.secondFactors.completeChallengeWith(
      challenge,
      (tx, id) => this.passkeys.takeSecondFactor(tx, id, response, challenge),
      ip,
      this.checkedSession(ip, options),
    );
    await this.blocks.assertNotBlocked(userId);
    return this.signedIn(userId, granted);
  }

  /**
   * Sign-in by a passkey alone (PasskeyService.signIn: user verification required, so it is possession and PIN or
   * biometrics): the session counts as checked for the second factor, as after completeSignIn. A blocked account is
   * told so only after its passkey was proven, as after a right password.
   */
  async signInWithPasskey(response: string, ip: string, options: SignInOptions): Promise<SignedIn> {
    await this.blockRules.assertAllowed({ ip }, 'sign-in');
    const { userId, granted } = await this.passkeys.signIn(response, ip, this.checkedSession(ip, options));
    await this.blocks.assertNotBlocked(userId);
    return this.signedIn(userId, granted);
  }

  /**
   * Rotates the refresh token and mints a fresh access token with the user's current roles. Blocking revokes the
   * account's refresh tokens; the check here also covers a refresh that raced the block. Block rules are checked
   * against the IP before the rotation and against the account's e-mail inside it, so a refused refresh writes nothing.
   */
  async refresh(token: string | null, ip: string): Promise<SignedIn> {
    if (!token) throw new UnauthenticatedError(MESSAGES.sessionExpired);
    await this.blockRules.assertAllowed({ ip }, 'refresh');
    const { userId, refresh } = await this.sessions.rotate(token, async (id, manager) => {
      await this.blockRules.assertAccountAllowed(id, manager, 'refresh');
      // Counted in the rotation's transaction: a refused refresh rotates nothing and its cookie still works later.
      await this.rateLimits.hitEach([{ key: `refresh:account:${id}`, limit: REFRESH_RATE_LIMIT }], manager);
    });
    await this.blocks.assertNotBlocked(userId);
    return this.signedIn(userId, refresh);
  }

  /**
   * Ends the refresh session of this token (its whole family). Access tokens already handed out are refused at once
   * for mutations and bought keys (LiveSessions); other reads work until they expire (at most 15 minutes).
   */
  async signOut(token: string | null): Promise<void> {
    if (!token) return;
    // The accounts event on commit, as other ends of sessions publish: its sockets close and every process's
    // LiveSessions forgets the session.
    await this.db.transaction(async (tx) => {
      const userId = await this.sessions.revoke(token, tx);
      if (userId) await this.bus.publish({ topic: 'accounts', id: userId }, tx);
    });
  }

  /**
   * What a proven second factor grants, in the transaction that took the proof: the account's block rules checked,
   * then (over HTTP) a new session stamped as checked for the step-up of sensitive actions.
   */
  private checkedSession(ip: string, options: SignInOptions) {
    const device = { userAgent: options.userAgent ?? null, ip };
    return async (tx: EntityManager, id: string): Promise<IssuedRefreshToken | undefined> => {
      await this.blockRules.assertAccountAllowed(id, tx, 'sign-in');
      if (!options.session) return undefined;
      const refresh = await this.sessions.issue(id, tx, undefined, device);
      await this.secondFactors.stamp(tx, id, refresh.familyId!);
      return refresh;
    };
  }

  /**
   * A new session of an account without a second factor, proven by its password just now (a sign-in or sign-up): it
   * counts as checked by password, which adding the first factor asks for (FIRST_FACTOR_OPERATIONS), so enrolling
   * right after signing in needs nothing more; later, confirmPassword checks it again.
   */
  private async passwordSession(
    tx: EntityManager,
    userId: string,
    device: { userAgent: string | null; ip: string },
  ): Promise<IssuedRefreshToken> {
    const refresh = await this.sessions.issue(userId, tx, undefined, device);
    await this.secondFactors.stamp(tx, userId, refresh.familyId!, STEP_UP_METHODS.password);
    return refresh;
  }

  /**
   * A password sign-in that needs its second factor: the challenge, no token and no session yet; with the options
   * for the account's passkeys when it has any (the password was right: they may be named now).
   */
  private async challenged(userId: string): Promise<SignedIn> {
    const { challenge, expiresAt } = await this.secondFactors.createChallenge(userId);
    const passkeyOptions = await this.passkeys.secondFactorOptions(userId, challenge);
    const codeAccepted = (await this.secondFactors.status(userId)).totpEnabled;
    // No viewer: before the second factor, the password alone must not reveal the account's orders, tickets or profile.
    const payload = Object.assign(new AuthPayload(), {
      accessToken: '',
      expiresAt,
      viewer: null,
      secondFactorRequired: true,
      challenge,
      passkeyOptions,
      codeAccepted,
    });
    return { payload };
  }

  private async signedIn(userId: string, refresh: IssuedRefreshToken | undefined): Promise<SignedIn> {
    const found = await this.accounts.viewer(userId);
    if (!found) throw new UnauthenticatedError(MESSAGES.sessionExpired);
    const { token, expiresAt } = signAccessToken(this.config.jwtSecret, {
      id: userId,
      roles: found.roles,
      sessionId: refresh?.familyId,
    });
    const payload = Object.assign(new AuthPayload(), { accessToken: token, expiresAt, viewer: found.viewer });
    return {
      payload,
      refresh: refresh && { token: refresh.token, expiresAt: refresh.expiresAt, familyId: refresh.familyId },
    };
  }
}
