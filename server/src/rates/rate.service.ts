/**
 * The rate engine (docs/payments.md "How prices are made"): owns `rate_observations` and `exchange_rates`, and answers
 * "what is one coin of this method worth in dollars now?" from memory.
 *
 * - **Reading** is a job (`rates:refresh`, rate.jobs.ts), never a request: every RATE_REFRESH_SECONDS it asks every
 *   configured provider at once, checks each answer (rate-rules.ts `checkReading`: numeric, positive, no 10× jump
 *   against that provider's last accepted answer), records every answer and the rate it makes per currency, and
 *   publishes `rates` on the live-update bus with that commit.
 * - **Every process** (API replicas and the worker) keeps each provider's latest accepted answer in memory: loaded at
 *   start, reloaded on each `rates` event (the bus's catch-up event after lost notifications included) and on a timer
 *   as a fallback. A checkout never queries the database for a rate.
 * - **The rate** is made at read time (`current`): the median of the answers younger than RATE_MAX_AGE_SECONDS, none
 *   when they diverge by more than RATE_MAX_DIVERGENCE_PERCENT or none is fresh, after RATE_SPREAD_PERCENT. Staleness
 *   is judged when asked, so a process whose job or bus stopped stops pricing rather than price from old answers.
 *   USDT (and USD) are 1 USD, `fixed`.
 */
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { EventBus, type BusEvent } from '../core/event-bus';
import { JobQueue } from '../core/job-queue';
import { logger, runOutsideRequest } from '../core/logger';
import { methodDefinition, PAYMENT_METHOD_DEFINITIONS } from '../payments/methods';
import { rateProvider, type RateProviderName } from './providers';
import { failedReadings, MARKET_CURRENCIES, type MarketCurrency, type ProviderReading } from './rate-provider';
import { checkReading, combineRate, type AcceptedAnswer } from './rate-rules';

export const RATES_REFRESH_TASK = 'rates:refresh';
export const RATES_REFRESH_QUEUE = 'rates-refresh';

/** How long answers and rates are kept for the admin: a week of history, bounded whatever the refresh interval. */
export const RATE_HISTORY_DAYS = 7;
/** A provider gets this long to answer (each request): a slow provider is skipped this round, never waited for. */
export const RATE_PROVIDER_TIMEOUT_MS = 5_000;

/** The currencies the store prices, in the order `exchangeRates` lists them. */
export const PRICED_CURRENCIES = [...MARKET_CURRENCIES, 'USDT'] as const;

/** The dollar value of one coin the store uses now (after spread). */
export interface ExchangeRateValue {
  currency: string;
  /** A decimal string with 8 places: what one coin counts for, after RATE_SPREAD_PERCENT. */
  usd: string;
  /** `median(kraken,coinbase)`, a provider's name when it alone answered, or `fixed`. */
  source: string;
  /** When the oldest answer used was read; for `fixed`, now. */
  fetchedAt: Date;
}

/** No price for the currency right now, and why (for logs and the admin; customers get one message). */
export interface RateUnavailable {
  currency: string;
  unavailable: true;
  reason: string;
}

export function isRateAvailable(rate: ExchangeRateValue | RateUnavailable): rate is ExchangeRateValue {
  return !('unavailable' in rate);
}

/** One provider's last answer for one currency, for the admin. */
export interface ProviderAnswerView {
  provider: string;
  currency: string;
  usd: string | null;
  error: string | null;
  answeredAt: Date | null;
  ageSeconds: number | null;
  /** Its last accepted answer is young enough to be used. */
  fresh: boolean;
  lastAcceptedUsd: string | null;
  lastAcceptedAt: Date | null;
}

export interface CurrencyRateView {
  currency: string;
  rate: ExchangeRateValue | null;
  unavailableReason: string | null;
  divergencePercent: number | null;
  /** Accepted methods with an address that are paid in this currency (refused while it has no price). */
  methods: PaymentMethod[];
}

export interface RatesView {
  currencies: CurrencyRateView[];
  providers: ProviderAnswerView[];
  settings: {
    providers: string[];
    refreshSeconds: number;
    maxAgeSeconds: number;
    maxDivergencePercent: number;
    spreadPercent: number;
  };
}

/** What one refresh did: the answers it recorded and the rate of each currency. */
export interface RefreshReport {
  observations: { provider: string; currency: MarketCurrency; usd: number | null; error: string | null }[];
  rates: { currency: MarketCurrency; usd: string | null; source: string | null; reason: string | null }[];
}

type AnswerBook = Map<MarketCurrency, Map<string, AcceptedAnswer>>;

const STABLE_CURRENCIES = new Set(['USDT', 'USD']);

function isMarketCurrency(currency: string): currency is MarketCurrency {
  return (MARKET_CURRENCIES as readonly string[]).includes(currency);
}

@Service()
export class RateService {
  /** Each live provider's latest accepted answer per currency, as last loaded. */
  private book: AnswerBook = new Map();
  private events: AsyncIterableIterator<BusEvent> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Bumped by every load: a slower, older load must not install what it read over a newer one. */
  private generation = 0;
  private fixed: Record<MarketCurrency, number> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly jobs: JobQueue,
  ) {}

  private get liveProviders(): RateProviderName[] {
    return this.config.rates.providers.filter((name) => rateProvider(name).live);
  }

  /**
   * Loads the latest answers and keeps them fresh (bus and timer). With only `fixed` configured there is nothing to
   * load: rates are there from the start.
   */
  async start(): Promise<void> {
    if (this.liveProviders.length === 0 || this.events) return;
    this.events = this.bus.subscribe('rates');
    const events = this.events;
    void runOutsideRequest(() =>
      (async () => {
        for await (const event of events) {
          logger.debug({ missedSince: event.missedSince }, 'Rates recorded; reloading');
          this.reload();
        }
      })().catch((error: unknown) => logger.warn({ err: error }, 'Rates listener stopped; the timer reloads them')),
    );
    // The fallback should the bus lose events without noticing: no older than one refresh interval.
    this.timer = setInterval(() => this.reload(), this.config.rates.refreshSeconds * 1000);
    this.timer.unref();
    await this.load().catch((error: unknown) => logger.warn({ err: error }, 'Could not load the exchange rates'));
  }

  /** Stops listening and reloading (process shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.events?.return?.();
    this.events = null;
  }

  /** The rate of a payment method's currency now, from memory. */
  current(method: PaymentMethod): ExchangeRateValue | RateUnavailable {
    return this.forCurrency(methodDefinition(method).facts.currency);
  }

  /** The rate of a currency now (BTC, ETH, USDT; USD is 1), from memory. */
  forCurrency(currency: string, now = new Date()): ExchangeRateValue | RateUnavailable {
    if (STABLE_CURRENCIES.has(currency)) return { currency, usd: '1.00000000', source: 'fixed', fetchedAt: now };
    if (!isMarketCurrency(currency)) return { currency, unavailable: true, reason: `no provider prices ${currency}` };
    const combined = combineRate(this.answersFor(currency, now), now, this.config.rates);
    if ('none' in combined) return { currency, unavailable: true, reason: combined.none.reason };
    const { usd, source, fetchedAt } = combined.rate;
    return { currency, usd, source, fetchedAt };
  }

  /** Every priced currency that has a rate now (BTC, ETH, USDT): a currency without a price is left out. */
  currentRates(): ExchangeRateValue[] {
    const now = new Date();
    return PRICED_CURRENCIES.map((c) => this.forCurrency(c, now)).filter(isRateAvailable);
  }

  /**
   * One refresh (the `rates:refresh` job): asks every configured provider at once, records each answer (or why it was
   * refused, logged) and the rate of each currency, tells every process, and schedules the next refresh. A provider
   * that fails, times out or answers nonsense is skipped; the others go on, and the refresh itself does not fail.
   */
  async refresh(): Promise<RefreshReport> {
    try {
      return await this.refreshOnce();
    } finally {
      await this.jobs.add({
        task: RATES_REFRESH_TASK,
        payload: {},
        jobKey: RATES_REFRESH_TASK,
        queue: RATES_REFRESH_QUEUE,
        runAt: new Date(Date.now() + this.config.rates.refreshSeconds * 1000),
      });
    }
  }

  private async refreshOnce(): Promise<RefreshReport> {
    const previous = await this.readBook(this.db.manager);
    const fixedRates = this.fixedRates();
    const answered = await Promise.all(
      this.config.rates.providers.map(async (name) => {
        const provider = rateProvider(name);
        let readings: ProviderReading[];
        try {
          readings = await provider.read(MARKET_CURRENCIES, {
            baseUrl: this.config.rates.baseUrls[name] ?? '',
            fixedRates,
            timeoutMs: RATE_PROVIDER_TIMEOUT_MS,
          });
        } catch (error) {
          readings = failedReadings(MARKET_CURRENCIES, `failed: ${(error as Error).message}`);
        }
        return { name, live: provider.live, at: new Date(), readings };
      }),
    );
    const observations: RefreshReport['observations'] = [];
    const book: AnswerBook = new Map(MARKET_CURRENCIES.map((c) => [c, new Map(previous.get(c))]));
    for (const { name, live, at, readings } of answered) {
      for (const reading of readings) {
        const last = live ? (previous.get(reading.currency)?.get(name)?.usd ?? null) : null;
        const checked = 'error' in reading ? { error: reading.error } : checkReading(reading.value, last);
        if ('error' in checked) {
          logger.warn({ provider: name, currency: reading.currency, reason: checked.error }, 'Rate answer refused');
          observations.push({ provider: name, currency: reading.currency, usd: null, error: checked.error });
        } else {
          observations.push({ provider: name, currency: reading.currency, usd: checked.usd, error: null });
          book.get(reading.currency)!.set(name, { provider: name, usd: checked.usd, at });
        }
      }
    }
    const now = new Date();
    const rates = MARKET_CURRENCIES.map((currency) => {
      const combined = combineRate(this.ordered(book, currency, now), now, this.config.rates);
      return 'none' in combined
        ? {
            currency,
            usd: null,
            source: null,
            reason: combined.none.reason,
            divergence: combined.none.divergencePercent,
          }
        : {
            currency,
            usd: combined.rate.usd,
            source: combined.rate.source,
            reason: null,
            divergence: combined.rate.divergencePercent,
          };
    });
    for (const rate of rates) {
      if (rate.usd === null) logger.warn({ currency: rate.currency, reason: rate.reason }, 'No exchange rate');
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO rate_observations (provider, currency, usd, error, observed_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[])`,
        [
          observations.map((o) => o.provider),
          observations.map((o) => o.currency),
          observations.map((o) => (o.usd === null ? null : o.usd.toFixed(8))),
          observations.map((o) => (o.error === null ? null : o.error.slice(0, 1000))),
          observations.map((o) => answered.find((a) => a.name === o.provider)!.at.toISOString()),
        ],
      );
      await tx.query(
        `INSERT INTO exchange_rates (currency, usd, source, unavailable_reason, divergence_percent, computed_at)
         SELECT c, u, s, r, d, $6 FROM unnest($1::text[], $2::numeric[], $3::text[], $4::text[], $5::numeric[])
           AS t(c, u, s, r, d)`,
        [
          rates.map((r) => r.currency),
          rates.map((r) => r.usd),
          rates.map((r) => r.source),
          rates.map((r) => r.reason?.slice(0, 2000) ?? null),
          rates.map((r) => (r.divergence === null ? null : Math.min(r.divergence, 99_999_999).toFixed(4))),
          now.toISOString(),
        ],
      );
      // History stays bounded whatever the refresh interval: a week of it.
      await tx.query(`DELETE FROM rate_observations WHERE observed_at < now() - make_interval(days => $1)`, [
        RATE_HISTORY_DAYS,
      ]);
      await tx.query(`DELETE FROM exchange_rates WHERE computed_at < now() - make_interval(days => $1)`, [
        RATE_HISTORY_DAYS,
      ]);
      await this.bus.publish({ topic: 'rates', id: '' }, tx);
    });
    // This process has what it recorded now; the others hear the event.
    this.install(book, ++this.generation);
    return {
      observations,
      rates: rates.map(({ currency, usd, source, reason }) => ({ currency, usd, source, reason })),
    };
  }

  /** For the admin's Rates view: each currency's rate or why none, each provider's last answer, the settings. */
  async view(): Promise<RatesView> {
    const now = new Date();
    const rows: {
      provider: string;
      currency: MarketCurrency;
      usd: string | null;
      error: string | null;
      observed_at: Date | null;
      accepted_usd: string | null;
      accepted_at: Date | null;
    }[] = await this.db.query(
      `SELECT p.provider, c.currency, last.usd::text AS usd, last.error, last.observed_at,
              accepted.usd::text AS accepted_usd, accepted.observed_at AS accepted_at
       FROM unnest($1::text[]) AS p(provider)
       CROSS JOIN unnest($2::text[]) AS c(currency)
       LEFT JOIN LATERAL (
         SELECT usd, error, observed_at FROM rate_observations o
         WHERE o.provider = p.provider AND o.currency = c.currency ORDER BY observed_at DESC LIMIT 1
       ) last ON true
       LEFT JOIN LATERAL (
         SELECT usd, observed_at FROM rate_observations o
         WHERE o.provider = p.provider AND o.currency = c.currency AND o.usd IS NOT NULL
         ORDER BY observed_at DESC LIMIT 1
       ) accepted ON true`,
      [this.liveProviders, MARKET_CURRENCIES],
    );
    const maxAgeMs = this.config.rates.maxAgeSeconds * 1000;
    const fixedRates = this.fixedRates();
    const providers: ProviderAnswerView[] = [];
    for (const name of this.config.rates.providers) {
      for (const currency of MARKET_CURRENCIES) {
        if (!rateProvider(name).live) {
          const usd = fixedRates[currency].toFixed(8);
          providers.push({
            provider: name,
            currency,
            usd,
            error: null,
            answeredAt: now,
            ageSeconds: 0,
            fresh: true,
            lastAcceptedUsd: usd,
            lastAcceptedAt: now,
          });
          continue;
        }
        const row = rows.find((r) => r.provider === name && r.currency === currency);
        const at = row?.observed_at ? new Date(row.observed_at) : null;
        const acceptedAt = row?.accepted_at ? new Date(row.accepted_at) : null;
        providers.push({
          provider: name,
          currency,
          usd: row?.usd ?? null,
          error: row?.error ?? null,
          answeredAt: at,
          ageSeconds: at ? Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000)) : null,
          fresh: acceptedAt !== null && now.getTime() - acceptedAt.getTime() < maxAgeMs,
          lastAcceptedUsd: row?.accepted_usd ?? null,
          lastAcceptedAt: acceptedAt,
        });
      }
    }
    const currencies = PRICED_CURRENCIES.map((currency): CurrencyRateView => {
      const rate = this.forCurrency(currency, now);
      const combined = isMarketCurrency(currency)
        ? combineRate(this.answersFor(currency, now), now, this.config.rates)
        : null;
      return {
        currency,
        rate: isRateAvailable(rate) ? rate : null,
        unavailableReason: isRateAvailable(rate) ? null : rate.reason,
        divergencePercent:
          combined === null
            ? null
            : 'rate' in combined
              ? combined.rate.divergencePercent
              : combined.none.divergencePercent,
        methods: PAYMENT_METHOD_DEFINITIONS.filter(
          (d) =>
            d.facts.accepted &&
            d.facts.currency === currency &&
            // Payable: an address, or a key to derive one per order from (BTC_XPUB).
            (this.config.paymentMethods[d.facts.key].address || this.config.paymentMethods[d.facts.key].derivation),
        ).map((d) => d.method),
      };
    });
    const { providers: names, refreshSeconds, maxAgeSeconds, maxDivergencePercent, spreadPercent } = this.config.rates;
    return {
      currencies,
      providers,
      settings: { providers: [...names], refreshSeconds, maxAgeSeconds, maxDivergencePercent, spreadPercent },
    };
  }

  /** The configured rates of the market currencies (RATE_BTC_USD, RATE_ETH_USD), from the methods' settings. */
  private fixedRates(): Record<MarketCurrency, number> {
    return (this.fixed ??= this.readFixedRates());
  }

  private readFixedRates(): Record<MarketCurrency, number> {
    const rates = {} as Record<MarketCurrency, number>;
    for (const currency of MARKET_CURRENCIES) {
      const definition = PAYMENT_METHOD_DEFINITIONS.find((d) => d.facts.currency === currency)!;
      rates[currency] = this.config.paymentMethods[definition.facts.key].usdRate;
    }
    return rates;
  }

  /** The configured providers' answers for a currency, in RATE_PROVIDERS order; `fixed` answers now. */
  private answersFor(currency: MarketCurrency, now: Date): AcceptedAnswer[] {
    return this.ordered(this.book, currency, now);
  }

  private ordered(book: AnswerBook, currency: MarketCurrency, now: Date): AcceptedAnswer[] {
    const fixed = this.fixedRates();
    return this.config.rates.providers.flatMap((name) => {
      if (!rateProvider(name).live) return [{ provider: name, usd: fixed[currency], at: now }];
      const answer = book.get(currency)?.get(name);
      return answer ? [answer] : [];
    });
  }

  /** Each configured live provider's latest accepted answer per currency (an index read per pair). */
  private async readBook(manager: EntityManager): Promise<AnswerBook> {
    const rows: { provider: string; currency: MarketCurrency; usd: string; observed_at: Date }[] = await manager.query(
      `SELECT p.provider, c.currency, o.usd::text AS usd, o.observed_at
       FROM unnest($1::text[]) AS p(provider)
       CROSS JOIN unnest($2::text[]) AS c(currency)
       CROSS JOIN LATERAL (
         SELECT usd, observed_at FROM rate_observations o
         WHERE o.provider = p.provider AND o.currency = c.currency AND o.usd IS NOT NULL
         ORDER BY observed_at DESC LIMIT 1
       ) o`,
      [this.liveProviders, MARKET_CURRENCIES],
    );
    const book: AnswerBook = new Map(MARKET_CURRENCIES.map((c) => [c, new Map()]));
    for (const row of rows) {
      book.get(row.currency)!.set(row.provider, {
        provider: row.provider,
        usd: Number(row.usd),
        at: new Date(row.observed_at),
      });
    }
    return book;
  }

  private async load(): Promise<void> {
    const generation = ++this.generation;
    const book = await this.readBook(this.db.manager);
    this.install(book, generation);
  }

  private install(book: AnswerBook, generation: number): void {
    if (generation === this.generation) this.book = book;
  }

  private reload(): void {
    this.load().catch((error: unknown) =>
      // The answers already in memory stay; they stop counting once older than RATE_MAX_AGE_SECONDS.
      logger.warn({ err: error }, 'Could not reload the exchange rates'),
    );
  }
}
