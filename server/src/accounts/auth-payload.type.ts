import { Field, ObjectType } from 'type-graphql';
import { Viewer } from './viewer.type';

/**
 * What signUp, signIn, completeSignIn and refreshSession return. The refresh token is never in the body: it travels in
 * the httpOnly `store_refresh` cookie (see refresh-cookie.ts). A sign-in of an account with a second factor answers
 * `secondFactorRequired` and a `challenge` instead: no token and no cookie until completeSignIn.
 */
@ObjectType('AuthPayload')
export class AuthPayload {
  @Field(() => String, {
    description:
      'Send as `Authorization: Bearer <accessToken>` (HTTP) or in graphql-ws connectionParams; empty while secondFactorRequired',
  })
  accessToken: string;

  @Field(() => Date, {
    description:
      'When the access token stops working (15 minutes; call refreshSession before), or the challenge with secondFactorRequired',
  })
  expiresAt: Date;

  @Field(() => Viewer, {
    nullable: true,
    description:
      'The account signed in; null while secondFactorRequired (the password alone shows nothing of it: completeSignIn answers it)',
  })
  viewer: Viewer | null = null;

  @Field(() => Boolean, {
    description: 'True when the password was right and a second factor is needed: send it with completeSignIn',
  })
  secondFactorRequired: boolean = false;

  @Field(() => String, {
    nullable: true,
    description: 'With secondFactorRequired: the single-use sign-in challenge for completeSignIn (5 minutes)',
  })
  challenge: string | null = null;

  @Field(() => String, {
    nullable: true,
    description:
      'With secondFactorRequired, when the account has passkeys: the options (JSON) for navigator.credentials.get, signing the challenge; send the answer with completeSignInWithPasskey',
  })
  passkeyOptions: string | null = null;

  @Field(() => Boolean, {
    description:
      'With secondFactorRequired: whether completeSignIn takes a code (the account has TOTP and its recovery codes); false when only passkeys are left to it',
  })
  codeAccepted: boolean = false;
}
