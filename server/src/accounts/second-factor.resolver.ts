import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { AppConfig } from '../app-config';
import { SignedIn } from '../graphql/access';
import { AuditTrailOfStaff } from '../graphql/audit-trail.middleware';
import type { RequestContext } from '../graphql/context';
import { SecondFactorService } from './second-factor.service';
import { TotpEnrolment } from './second-factor.types';
import { Viewer } from './viewer.type';

/**
 * TOTP enrolment, its removal and the step-up of sensitive actions (docs/staff-and-permissions.md). A staff member's
 * TOTP switched on or off is audited, as their passkeys are (the code and password are never written).
 */
@Resolver(() => Viewer)
export class SecondFactorResolver {
  constructor(
    private readonly factors: SecondFactorService,
    private readonly config: AppConfig,
  ) {}

  @SignedIn()
  @Mutation(() => TotpEnrolment, {
    description: 'Starts TOTP set-up: a new secret, its otpauth URL and QR code; confirmTotpEnrolment switches it on',
  })
  beginTotpEnrolment(@Ctx() ctx: RequestContext): Promise<TotpEnrolment> {
    return this.factors.beginTotp(ctx.user!.id);
  }

  @SignedIn()
  @UseMiddleware(AuditTrailOfStaff('code'))
  @Mutation(() => [String], {
    description:
      'The first right code switches TOTP on; answers ten single-use recovery codes, shown this once. The account is mailed',
  })
  confirmTotpEnrolment(@Arg('code', () => String) code: string, @Ctx() ctx: RequestContext): Promise<string[]> {
    return this.factors.confirmTotp(ctx.user!, code, ctx.ip);
  }

  @SignedIn()
  @UseMiddleware(AuditTrailOfStaff('code', 'password'))
  @Mutation(() => Boolean, { description: 'Switches TOTP off: the password and a code (or a recovery code)' })
  async disableTotp(
    @Arg('password', () => String) password: string,
    @Arg('code', () => String) code: string,
    @Ctx() ctx: RequestContext,
  ): Promise<boolean> {
    await this.factors.disableTotp(ctx.user!, password, code);
    return true;
  }

  @SignedIn()
  @Mutation(() => Boolean, {
    description:
      'Step-up: a code (or recovery code) marks this session as checked for 10 minutes, which sensitive actions need',
  })
  async confirmSecondFactor(@Arg('code', () => String) code: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    await this.factors.confirm(ctx.user!, code);
    return true;
  }

  @SignedIn()
  @Mutation(() => Boolean, {
    description:
      "Step-up of an account without a second factor, before adding its first one: the account's password marks this session as checked for 10 minutes. Throttled as sign-ins are",
  })
  async confirmPassword(@Arg('password', () => String) password: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    await this.factors.confirmPassword(ctx.user!, password, ctx.ip);
    return true;
  }

  @FieldResolver(() => Boolean, { description: 'Whether sign-in asks for a TOTP code after the password' })
  async totpEnabled(@Root() viewer: Viewer): Promise<boolean> {
    return (await this.factors.status(viewer.id)).totpEnabled;
  }

  @FieldResolver(() => Int, { description: 'Recovery codes not used yet' })
  async recoveryCodesLeft(@Root() viewer: Viewer): Promise<number> {
    return (await this.factors.status(viewer.id)).recoveryCodesLeft;
  }

  @FieldResolver(() => Boolean, {
    description: 'A staff member who must set up two-factor sign-in before any staff operation (REQUIRE_STAFF_2FA)',
  })
  async secondFactorSetupRequired(@Root() viewer: Viewer): Promise<boolean> {
    return this.config.requireStaff2fa && viewer.isAdmin && !(await this.factors.hasFactor(viewer.id));
  }
}
