import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, UseMiddleware } from 'type-graphql';
import { Public, SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { AuditTrailOfStaff } from '../graphql/audit-trail.middleware';
import { PasskeyService } from './passkey.service';
import { Passkey } from './passkey.types';
import { Viewer } from './viewer.type';

/**
 * Passkeys (WebAuthn): adding, listing and removing them, sign-in options and the step-up by passkey. A staff member's
 * passkeys are how their account signs in: adding and removing one is audited (docs/staff-and-permissions.md
 * "Audit log"), though these are any signed-in account's operations.
 */
@Resolver(() => Viewer)
export class PasskeyResolver {
  constructor(private readonly service: PasskeyService) {}

  @FieldResolver(() => [Passkey], { description: 'The passkeys that sign in to this account, oldest first' })
  passkeys(@Root() viewer: Viewer): Promise<Passkey[]> {
    return this.service.list(viewer.id);
  }

  @SignedIn()
  @Mutation(() => String, {
    description: 'Starts adding a passkey: the options (JSON) for navigator.credentials.create; addPasskey finishes',
  })
  beginPasskeyRegistration(@Ctx() ctx: RequestContext): Promise<string> {
    return this.service.registrationOptions(ctx.user!.id);
  }

  @SignedIn()
  @UseMiddleware(AuditTrailOfStaff('response'))
  @Mutation(() => Passkey, {
    description:
      "Adds a passkey: its name and the browser's answer (JSON) to beginPasskeyRegistration's options. Needs a recent check of the session (step-up: the second factor, or the password of an account without one); the account is mailed",
  })
  addPasskey(
    @Arg('name', () => String) name: string,
    @Arg('response', () => String) response: string,
    @Ctx() ctx: RequestContext,
  ): Promise<Passkey> {
    return this.service.add(ctx.user!, name, response, ctx.ip);
  }

  @SignedIn()
  @UseMiddleware(AuditTrailOfStaff('response'))
  @Mutation(() => Boolean, { description: 'Removes one of your passkeys (step-up: a recent second-factor check)' })
  async removePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    await this.service.remove(ctx.user!.id, id);
    return true;
  }

  @Public()
  @Mutation(() => String, {
    description:
      'Starts a sign-in with a passkey alone: the options (JSON) for navigator.credentials.get, naming no account; signInWithPasskey finishes',
  })
  beginPasskeySignIn(@Ctx() ctx: RequestContext): Promise<string> {
    return this.service.signInOptions(ctx.ip);
  }

  @SignedIn()
  @Mutation(() => String, {
    description:
      "Starts the step-up with a passkey: the options (JSON) for navigator.credentials.get over the account's passkeys",
  })
  beginPasskeyConfirmation(@Ctx() ctx: RequestContext): Promise<string> {
    return this.service.stepUpOptions(ctx.user!);
  }

  @SignedIn()
  @Mutation(() => Boolean, {
    description:
      "Step-up with a passkey: the browser's answer (JSON) to beginPasskeyConfirmation marks this session as checked for 10 minutes",
  })
  async confirmSecondFactorWithPasskey(
    @Arg('response', () => String) response: string,
    @Ctx() ctx: RequestContext,
  ): Promise<boolean> {
    await this.service.confirmStepUp(ctx.user!, response);
    return true;
  }
}
