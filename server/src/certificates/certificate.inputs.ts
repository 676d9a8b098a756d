import { Field, ID, InputType } from 'type-graphql';
import { CertificateStatus } from '../core/enums';

/** Admin: a certificate issued for an order; the customer and product come from the order. */
@InputType()
export class IssueCertificateInput {
  @Field(() => ID)
  orderId: string;

  @Field(() => String, { description: 'Lower-case host name, or a wildcard such as *.example.com' })
  domainName: string;

  @Field(() => Date, { nullable: true, description: 'Defaults to now' })
  issuedAt?: Date | null;

  @Field(() => Date, { description: 'Must be after issuedAt' })
  expiresAt: Date;

  @Field(() => Boolean, { defaultValue: false })
  autoRenew: boolean;

  @Field(() => CertificateStatus, { defaultValue: CertificateStatus.ACTIVE })
  status: CertificateStatus;
}
