import { Field, ObjectType } from 'type-graphql';

/** What beginTotpEnrolment answers: the secret to type or scan, shown until the first code confirms it. */
@ObjectType('TotpEnrolment')
export class TotpEnrolment {
  @Field(() => String, { description: 'The base32 secret, for typing into an authenticator app by hand' })
  secret: string;

  @Field(() => String, { description: 'The otpauth:// URL the QR code holds' })
  otpauthUrl: string;

  @Field(() => String, { description: 'The QR code of otpauthUrl as an SVG document' })
  qrSvg: string;
}
