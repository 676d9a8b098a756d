import { Field, Float, Int, ObjectType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';

/** The dollar value of one coin the store uses (DESIGN §11): after the store spread, with its source and age. */
@ObjectType('ExchangeRate')
export class ExchangeRate {
  @Field(() => String, { description: 'BTC, ETH or USDT' })
  currency: string;

  @Field(() => String, {
    description: 'US dollars one coin counts for, after RATE_SPREAD_PERCENT (a decimal with 8 places)',
  })
  usd: string;

  @Field(() => String, {
    description: "Where it came from: 'median(kraken,coinbase)', one provider's name, or 'fixed'",
  })
  source: string;

  @Field(() => Date, { description: 'When the oldest answer it was made of was read' })
  fetchedAt: Date;
}

/** One provider's last answer for one currency (the admin's Rates view). */
@ObjectType('RateProviderAnswer')
export class RateProviderAnswer {
  @Field(() => String)
  provider: string;

  @Field(() => String)
  currency: string;

  @Field(() => String, { nullable: true, description: 'The price it gave last time, when accepted' })
  usd: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why its last answer was refused (error, timeout, absurd value)',
  })
  error: string | null;

  @Field(() => Date, { nullable: true, description: 'When it last answered; null: never' })
  answeredAt: Date | null;

  @Field(() => Int, { nullable: true })
  ageSeconds: number | null;

  @Field(() => Boolean, { description: 'Its last accepted answer is younger than RATE_MAX_AGE_SECONDS, so it counts' })
  fresh: boolean;

  @Field(() => String, { nullable: true })
  lastAcceptedUsd: string | null;

  @Field(() => Date, { nullable: true })
  lastAcceptedAt: Date | null;
}

/** A currency's rate now, or why it has none. */
@ObjectType('CurrencyRate')
export class CurrencyRate {
  @Field(() => String)
  currency: string;

  @Field(() => ExchangeRate, { nullable: true, description: 'Null: no price now, and its methods are refused' })
  rate: ExchangeRate | null;

  @Field(() => String, { nullable: true })
  unavailableReason: string | null;

  @Field(() => Float, { nullable: true, description: 'How far apart the fresh answers are, in percent of the lowest' })
  divergencePercent: number | null;

  @Field(() => [PaymentMethod], { description: 'The configured methods paid in this currency' })
  methods: PaymentMethod[];
}

@ObjectType('RateSettings')
export class RateSettings {
  @Field(() => [String], { description: 'RATE_PROVIDERS, in order' })
  providers: string[];

  @Field(() => Float)
  refreshSeconds: number;

  @Field(() => Float)
  maxAgeSeconds: number;

  @Field(() => Float)
  maxDivergencePercent: number;

  @Field(() => Float)
  spreadPercent: number;
}

/** The admin's Rates view: each currency's rate, each provider's last answer, the settings in force. */
@ObjectType('AdminRates')
export class AdminRates {
  @Field(() => [CurrencyRate])
  currencies: CurrencyRate[];

  @Field(() => [RateProviderAnswer])
  providers: RateProviderAnswer[];

  @Field(() => RateSettings)
  settings: RateSettings;
}
