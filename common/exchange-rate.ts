/**
 * An exchange rate as customers read it (checkout, /verify, the order e-mail): "1 BTC = 50,000.00 USD · source
 * kraken". One wording for every place that shows the rate an amount was priced at.
 */
import { formatDecimal } from './pricing';

/** The API's ExchangeRate (DESIGN §11) as far as it is shown: `usd` is a decimal string, after the spread. */
export interface ExchangeRateFacts {
  currency: string;
  usd: string;
  source: string;
}

/** "median(kraken,coinbase)" → "median of kraken, coinbase"; a single provider's name ("kraken", "fixed") as it is. */
export function rateSourceLabel(source: string): string {
  const median = /^median\((.*)\)$/.exec(source);
  return median ? `median of ${median[1].split(',').join(', ')}` : source;
}

/**
 * "1 BTC = 50,000.00 USD": dollars to the cent (a rate below a dollar keeps six decimals), from the exact string;
 * nothing goes through a float.
 */
export function exchangeRateText(rate: Pick<ExchangeRateFacts, 'currency' | 'usd'>): string {
  const belowOneDollar = /^0*\./.test(rate.usd.trim());
  const [whole, fraction] = formatDecimal(rate.usd, belowOneDollar ? 6 : 2).split('.');
  return `1 ${rate.currency} = ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} USD`;
}

/** "1 BTC = 50,000.00 USD · source kraken". */
export function exchangeRateLine(rate: ExchangeRateFacts): string {
  return `${exchangeRateText(rate)} · source ${rateSourceLabel(rate.source)}`;
}
