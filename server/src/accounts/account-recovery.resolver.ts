import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { AppConfig } from '../app-config';
import { Public, SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { AccountRecoveryService, type AccountActor } from './account-recovery.service';
import { clearRefreshCookie } from './refresh-cookie';
import { approximateIp, describeDevice } from './session-device';
import { SessionService } from './session.service';
import { SessionView } from './session.types';

const actor = (ctx: RequestContext): AccountActor => ({ id: ctx.user!.id, sessionId: ctx.user!.sessionId });

/** Password reset, e-mail verification, changes of password and e-mail, and the viewer's sessions. */
@Resolver()
export class AccountRecoveryResolver {
  constructor(
    private readonly recovery: AccountRecoveryService,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Mutation(() => Boolean, {
    description: 'Mails a reset link to the address if it has an account; always true (throttled requests too)',
  })
  requestPasswordReset(@Arg('email', () => String) email: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.recovery.requestPasswordReset(email, ctx.ip);
  }

  @Public()
  @Mutation(() => Boolean, { description: "Sets the password from a reset link's token; ends every session" })
  resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: RequestContext,
  ): Promise<boolean> {
    return this.recovery.resetPassword(token, password, ctx.ip);
  }

  @Public()
  @Mutation(() => Boolean, { description: "Confirms the account's e-mail address with the mailed link's token" })
  verifyEmail(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.recovery.verifyEmail(token, ctx.ip);
  }

  @SignedIn()
  @Mutation(() => Boolean, { description: 'Mails another verification link (throttled); nothing if already verified' })
  resendVerificationEmail(@Ctx() ctx: RequestContext): Promise<boolean> {
    return this.recovery.resendVerification(actor(ctx));
  }

  @SignedIn()
  @Mutation(() => Boolean, { description: 'Changes the password (the current one required); other sessions end' })
  changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: RequestContext,
  ): Promise<boolean> {
    return this.recovery.changePassword(actor(ctx), currentPassword, newPassword);
  }

  @SignedIn()
  @Mutation(() => Boolean, {
    description: 'Mails a confirmation link to the new address and tells the old one (password required)',
  })
  requestEmailChange(
    @Arg('newEmail', () => String) newEmail: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: RequestContext,
  ): Promise<boolean> {
    return this.recovery.requestEmailChange(actor(ctx), newEmail, password, ctx.ip);
  }

  @Public()
  @Mutation(() => Boolean, {
    description: "Follows an e-mail change's link: the new address's confirms it, the old address's undoes it",
  })
  confirmEmailChange(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.recovery.confirmEmailChange(token, ctx.ip);
  }

  @SignedIn()
  @Query(() => [SessionView], { description: "The viewer's signed-in sessions, most recently used first" })
  async mySessions(@Ctx() ctx: RequestContext): Promise<SessionView[]> {
    const sessions = await this.sessions.list(ctx.user!.id);
    return sessions.map((session) =>
      Object.assign(new SessionView(), {
        id: session.id,
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        device: describeDevice(session.userAgent),
        approximateIp: approximateIp(session.ip),
        current: session.id === ctx.user!.sessionId,
      }),
    );
  }

  @SignedIn()
  @Mutation(() => Boolean, {
    description: "Ends one of the viewer's sessions at once (refresh refused, sockets closed)",
  })
  revokeSession(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.recovery.revokeSession(actor(ctx), id);
  }

  @SignedIn()
  @Mutation(() => Boolean, { description: "Ends every one of the viewer's sessions, this one included" })
  async signOutEverywhere(@Ctx() ctx: RequestContext): Promise<boolean> {
    await this.recovery.signOutEverywhere(actor(ctx));
    if (ctx.req && ctx.res) clearRefreshCookie(ctx.req, ctx.res, this.config.env === 'production');
    return true;
  }
}
