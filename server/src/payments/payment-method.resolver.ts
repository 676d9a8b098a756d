import { Query, Resolver } from 'type-graphql';
import { Public } from '../graphql/access';
import { PaymentMethodService } from './payment-method.service';
import { PaymentMethodInfo } from './payment-method.types';

@Resolver(() => PaymentMethodInfo)
export class PaymentMethodResolver {
  constructor(private readonly methods: PaymentMethodService) {}

  @Public()
  @Query(() => [PaymentMethodInfo], {
    description: 'Every payment method in display order, with address, QR code (SVG), rate and availability',
  })
  paymentMethods(): Promise<PaymentMethodInfo[]> {
    return this.methods.list();
  }
}
