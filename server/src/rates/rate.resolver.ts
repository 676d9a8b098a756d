import { Query, Resolver } from 'type-graphql';
import { Public, Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { AdminRates, ExchangeRate } from './exchange-rate.types';
import { RateService } from './rate.service';

/** Exchange rates (docs/graphql-api.md "Exchange rates"): the public rates and the admin's Rates view. */
@Resolver()
export class RateResolver {
  constructor(private readonly rates: RateService) {}

  @Public()
  @Query(() => [ExchangeRate], {
    description:
      'The rates the store prices with now (BTC, ETH, USDT), after the store spread; a currency without a price ' +
      '(providers stale or disagreeing) is left out, and its methods are refused at checkout',
  })
  exchangeRates(): ExchangeRate[] {
    return this.rates.currentRates();
  }

  @Requires(Permission.ORDERS_READ)
  @Query(() => AdminRates, {
    description:
      "Admin: each currency's rate or why it has none, each provider's last answer and its age, the settings in force",
  })
  adminRates(): Promise<AdminRates> {
    return this.rates.view();
  }
}
