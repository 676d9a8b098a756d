/**
 * A fixture server for the four rate providers (Kraken, Coinbase, Binance, CoinGecko) on loopback: it answers their
 * real paths with the recorded answers of tests/fixtures/rates/ (built from the APIs' documentation), with the price
 * a test sets put in the field the real API writes it in, or with whatever broken answer a test asks of a provider.
 * Point RATE_<NAME>_URL at `url`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const RECORDED = path.resolve(__dirname, '../fixtures/rates');

export type FixtureProvider = 'kraken' | 'coinbase' | 'binance' | 'coingecko';
export type FixtureCurrency = 'BTC' | 'ETH';

/** A broken answer: an HTTP status with a body, or no answer at all (the connection is held open). */
export type BrokenAnswer = { status: number; body: string; contentType?: string } | 'hang';

export interface RateFixtures {
  url: string;
  /** The price a provider answers for a currency (a string or number as the test wants it written), as recorded. */
  setPrice(provider: FixtureProvider, currency: FixtureCurrency, value: unknown): void;
  /** Every request of `provider` answers `broken` from now on; null: its recorded answers again. */
  break(provider: FixtureProvider, broken: BrokenAnswer | null): void;
  /** Requests seen, as method and path with query. */
  requests: string[];
  close(): Promise<void>;
}

function recorded(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(RECORDED, file), 'utf8'));
}

export async function startRateFixtures(): Promise<RateFixtures> {
  const prices = new Map<string, unknown>();
  const broken = new Map<FixtureProvider, BrokenAnswer>();
  const requests: string[] = [];
  const held: http.ServerResponse[] = [];
  const price = (provider: FixtureProvider, currency: FixtureCurrency, recordedValue: unknown) =>
    prices.has(`${provider}:${currency}`) ? prices.get(`${provider}:${currency}`) : recordedValue;

  /** The recorded answer of a request, with the prices set; null for a path no provider has. */
  const answer = (url: URL): { provider: FixtureProvider; body: unknown } | null => {
    if (url.pathname === '/0/public/Ticker') {
      const body = recorded('kraken-ticker.json') as { result: Record<string, { c: unknown[] }> };
      body.result.XXBTZUSD.c[0] = price('kraken', 'BTC', body.result.XXBTZUSD.c[0]);
      body.result.XETHZUSD.c[0] = price('kraken', 'ETH', body.result.XETHZUSD.c[0]);
      return { provider: 'kraken', body };
    }
    const coinbase = /^\/v2\/prices\/(BTC|ETH)-USD\/spot$/.exec(url.pathname);
    if (coinbase) {
      const currency = coinbase[1] as FixtureCurrency;
      const body = recorded(`coinbase-spot-${currency.toLowerCase()}.json`) as { data: { amount: unknown } };
      body.data.amount = price('coinbase', currency, body.data.amount);
      return { provider: 'coinbase', body };
    }
    if (url.pathname === '/api/v3/ticker/price') {
      const symbol = url.searchParams.get('symbol');
      if (symbol !== 'BTCUSDT' && symbol !== 'ETHUSDT') return null;
      const body = recorded(`binance-ticker-${symbol.toLowerCase()}.json`) as { price: unknown };
      body.price = price('binance', symbol.slice(0, 3) as FixtureCurrency, body.price);
      return { provider: 'binance', body };
    }
    if (url.pathname === '/api/v3/simple/price') {
      const body = recorded('coingecko-simple-price.json') as Record<string, { usd: unknown }>;
      body.bitcoin.usd = price('coingecko', 'BTC', body.bitcoin.usd);
      body.ethereum.usd = price('coingecko', 'ETH', body.ethereum.usd);
      return { provider: 'coingecko', body };
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const found = answer(new URL(req.url ?? '/', 'http://fixture'));
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const failure = broken.get(found.provider);
    if (failure === 'hang') {
      held.push(res);
      return;
    }
    if (failure) {
      res.writeHead(failure.status, { 'content-type': failure.contentType ?? 'application/json' }).end(failure.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(found.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPrice: (provider, currency, value) => prices.set(`${provider}:${currency}`, value),
    break: (provider, failure) => (failure === null ? broken.delete(provider) : broken.set(provider, failure)),
    requests,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
