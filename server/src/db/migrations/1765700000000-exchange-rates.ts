import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exchange rates (docs/payments.md "How prices are made", server/src/rates/), owned by the rates module:
 *
 * - `rate_observations`: every answer of every provider the refresh job asked, per currency: the dollar price it gave
 *   (accepted) or why it was refused (`error`), and when. Every API process loads each provider's latest accepted
 *   answer from here, and the job compares a new answer with it (the 10× jump guard).
 * - `exchange_rates`: the rate the job made of them per currency at each refresh: the dollar value of one coin after
 *   spread and its source (`median(kraken,coinbase)`, `fixed`), or no price and why; the divergence of the answers.
 *
 * Both are history for the admin's Rates view, pruned after 7 days by the job; provider and currency are not CHECK
 * lists: a provider or method removed from the code leaves its rows readable until they are pruned.
 */
export class ExchangeRates1765700000000 implements MigrationInterface {
  name = 'ExchangeRates1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_observations (
        id bigserial PRIMARY KEY,
        provider text NOT NULL CONSTRAINT rate_observations_provider_check CHECK (provider <> '' AND length(provider) <= 40),
        currency text NOT NULL CONSTRAINT rate_observations_currency_check CHECK (currency <> '' AND length(currency) <= 20),
        usd numeric(30, 8) CONSTRAINT rate_observations_usd_check CHECK (usd > 0),
        error text CONSTRAINT rate_observations_error_check CHECK (length(error) <= 1000),
        observed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT rate_observations_value_or_error CHECK ((usd IS NULL) <> (error IS NULL))
      );
      CREATE INDEX rate_observations_latest ON rate_observations (provider, currency, observed_at DESC);
      CREATE INDEX rate_observations_observed_at ON rate_observations (observed_at);

      CREATE TABLE exchange_rates (
        id bigserial PRIMARY KEY,
        currency text NOT NULL CONSTRAINT exchange_rates_currency_check CHECK (currency <> '' AND length(currency) <= 20),
        usd numeric(30, 8) CONSTRAINT exchange_rates_usd_check CHECK (usd > 0),
        source text CONSTRAINT exchange_rates_source_check CHECK (length(source) <= 200),
        unavailable_reason text CONSTRAINT exchange_rates_reason_check CHECK (length(unavailable_reason) <= 2000),
        divergence_percent numeric(12, 4),
        computed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT exchange_rates_price_or_reason CHECK (
          (usd IS NOT NULL AND source IS NOT NULL AND unavailable_reason IS NULL)
          OR (usd IS NULL AND source IS NULL AND unavailable_reason IS NOT NULL)
        )
      );
      CREATE INDEX exchange_rates_currency_at ON exchange_rates (currency, computed_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE exchange_rates; DROP TABLE rate_observations;`);
  }
}
