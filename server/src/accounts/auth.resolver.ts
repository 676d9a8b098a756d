import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { AppConfig } from '../app-config';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';
import { Public } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { SignInInput, SignUpInput } from './account.inputs';
import { AuthPayload } from './auth-payload.type';
import { AuthService, type SignedIn, type SignInOptions } from './auth.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

/**
 * Sign-up, sign-in, refresh and sign-out. The services do the work; this class moves the refresh token
 * between them and the `store_refresh` cookie, which exists on HTTP only (over graphql-ws these
 * mutations return an access token without starting a refresh session).
 */
@Resolver()
export class AuthResolver {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Mutation(() => AuthPayload, { description: 'Creates the account and signs in (sets the refresh cookie)' })
  async signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: RequestContext): Promise<AuthPayload> {
    return this.withCookie(ctx, await this.auth.signUp(input, ctx.ip, this.signInOptions(ctx)));
  }

  @Public()
  @Mutation(() => AuthPayload, { description: 'Signs in with e-mail and password (sets the refresh cookie)' })
  async signIn(@Arg('input', () => SignInInput) input: SignInInput, @Ctx() ctx: RequestContext): Promise<AuthPayload> {
    return this.withCookie(ctx, await this.auth.signIn(input, ctx.ip, this.signInOptions(ctx)));
  }

  @Public()
  @Mutation(() => AuthPayload, {
    description:
      'The second step of signIn when it answered secondFactorRequired: its challenge and a TOTP code or recovery code (sets the refresh cookie)',
  })
  async completeSignIn(
    @Arg('challenge', () => String) challenge: string,
    @Arg('code', () => String) code: string,
    @Ctx() ctx: RequestContext,
  ): Promise<AuthPayload> {
    return this.withCookie(ctx, await this.auth.completeSignIn(challenge, code, ctx.ip, this.signInOptions(ctx)));
  }

  @Public()
  @Mutation(() => AuthPayload, {
    description:
      "The second step of signIn with a passkey: its challenge and the browser's answer (JSON) to signIn's passkeyOptions (sets the refresh cookie)",
  })
  async completeSignInWithPasskey(
    @Arg('challenge', () => String) challenge: string,
    @Arg('response', () => String) response: string,
    @Ctx() ctx: RequestContext,
  ): Promise<AuthPayload> {
    return this.withCookie(
      ctx,
      await this.auth.completeSignInWithPasskey(challenge, response, ctx.ip, this.signInOptions(ctx)),
    );
  }

  @Public()
  @Mutation(() => AuthPayload, {
    description:
      "Signs in with a passkey alone: the browser's answer (JSON) to beginPasskeySignIn's options; it is both factors (sets the refresh cookie)",
  })
  async signInWithPasskey(
    @Arg('response', () => String) response: string,
    @Ctx() ctx: RequestContext,
  ): Promise<AuthPayload> {
    return this.withCookie(ctx, await this.auth.signInWithPasskey(response, ctx.ip, this.signInOptions(ctx)));
  }

  @Public()
  @Mutation(() => AuthPayload, {
    description:
      'Exchanges the refresh cookie for a new access token and rotates the cookie; reusing an old cookie ends the session',
  })
  async refreshSession(@Ctx() ctx: RequestContext): Promise<AuthPayload> {
    try {
      return this.withCookie(ctx, await this.auth.refresh(readRefreshCookie(ctx.req), ctx.ip));
    } catch (error) {
      // A refused cookie is worthless: drop it so the browser stops sending it. Not on a throttle or a failure of the
      // store's own: the session stands and the same cookie works later.
      const refused = error instanceof UnauthenticatedError || error instanceof ForbiddenError;
      if (refused && ctx.req && ctx.res) clearRefreshCookie(ctx.req, ctx.res, this.production);
      throw error;
    }
  }

  @Public()
  @Mutation(() => Boolean, { description: "Revokes the refresh cookie's session and clears the cookie; always true" })
  async signOut(@Ctx() ctx: RequestContext): Promise<boolean> {
    await this.auth.signOut(readRefreshCookie(ctx.req));
    if (ctx.req && ctx.res) clearRefreshCookie(ctx.req, ctx.res, this.production);
    return true;
  }

  private get production(): boolean {
    return this.config.env === 'production';
  }

  private hasCookies(ctx: RequestContext): boolean {
    return !!(ctx.req && ctx.res);
  }

  private signInOptions(ctx: RequestContext): SignInOptions {
    return { session: this.hasCookies(ctx), userAgent: ctx.req?.get('user-agent')?.slice(0, 500) ?? null };
  }

  private withCookie(ctx: RequestContext, signedIn: SignedIn): AuthPayload {
    if (signedIn.refresh && ctx.req && ctx.res)
      setRefreshCookie(ctx.req, ctx.res, signedIn.refresh.token, this.production);
    return signedIn.payload;
  }
}
