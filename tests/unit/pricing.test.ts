import {
  bulkPrice,
  cryptoAmount,
  CRYPTO_DECIMALS,
  DEFAULT_USD_RATES,
  formatUsd,
  fromCents,
  quoteTotal,
  toCents,
  unitPriceCents,
  type PricedProduct,
} from '../../common/pricing';

const sslBulk: PricedProduct = { price: 14, minQuantity: 4000, priceTiers: [{ minQuantity: 4000, unitPrice: 13.6 }] };
const plain: PricedProduct = { price: 33.33, minQuantity: 1, priceTiers: [] };

describe('cents', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(13.6)).toBe(1360);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(33.33)).toBe(3333);
    expect(fromCents(5440000)).toBe(54400);
  });
});

describe('unit price and total', () => {
  it('applies the SSL bulk tier at 4000 keys (docs/product.md "Fixed numbers": $54,400 for 4000)', () => {
    expect(quoteTotal(sslBulk, 4000)).toEqual({ unitPrice: 13.6, totalPrice: 54400, totalCents: 5440000 });
    expect(quoteTotal(sslBulk, 50000)).toEqual({ unitPrice: 13.6, totalPrice: 680000, totalCents: 68000000 });
  });

  it('uses the listed price below the first tier', () => {
    expect(unitPriceCents(sslBulk, 3999)).toBe(1400);
    expect(quoteTotal(plain, 3)).toEqual({ unitPrice: 33.33, totalPrice: 99.99, totalCents: 9999 });
  });

  it('picks the highest tier the quantity reaches, whatever the tiers order', () => {
    const tiered: PricedProduct = {
      price: 10,
      minQuantity: 1,
      priceTiers: [
        { minQuantity: 100, unitPrice: 8 },
        { minQuantity: 10, unitPrice: 9 },
      ],
    };
    expect(unitPriceCents(tiered, 9)).toBe(1000);
    expect(unitPriceCents(tiered, 10)).toBe(900);
    expect(unitPriceCents(tiered, 99)).toBe(900);
    expect(unitPriceCents(tiered, 100)).toBe(800);
  });

  it('keeps totals exact in cents where float multiplication would not be', () => {
    // 0.07 * 3 = 0.21000000000000002 in floats
    expect(quoteTotal({ price: 0.07, minQuantity: 1, priceTiers: [] }, 3).totalPrice).toBe(0.21);
    expect(quoteTotal({ price: 19.99, minQuantity: 1, priceTiers: [] }, 10000).totalPrice).toBe(199900);
  });
});

describe('crypto conversion', () => {
  const convert = (cents: number, method: keyof typeof CRYPTO_DECIMALS, rate: number = DEFAULT_USD_RATES[method]) =>
    cryptoAmount(cents, rate, CRYPTO_DECIMALS[method]);

  it('gives the spec figures for $54,400 (BTC 8 decimals, ETH 6, USDT 6 as on chain)', () => {
    expect(convert(5440000, 'USDT_TRC20')).toBe('54400.000000');
    expect(convert(5440000, 'BTC')).toBe('1.08800000');
    expect(convert(5440000, 'ETH')).toBe('21.760000');
    expect(convert(5440000, 'PAYPAL')).toBe('54400.00');
  });

  it('rounds half up at the last decimal', () => {
    // $1.00 at 3 USD per unit with 2 decimals: 0.3333… → 0.33; $2.00 → 0.6666… → 0.67
    expect(cryptoAmount(100, 3, 2)).toBe('0.33');
    expect(cryptoAmount(200, 3, 2)).toBe('0.67');
    // exactly half: $0.01 at 2 USD with 2 decimals = 0.005 → 0.01
    expect(cryptoAmount(1, 2, 2)).toBe('0.01');
    // $99.99 at 70000 USD/BTC = 0.0014284285… → 0.00142843
    expect(cryptoAmount(9999, 70000, 8)).toBe('0.00142843');
  });

  it('handles rates with cents and very large totals exactly', () => {
    expect(cryptoAmount(5440000, 2543.21, 6)).toBe('21.390290'); // 54400 / 2543.21 = 21.3902902…
    expect(cryptoAmount(5_000_000_000_00, 50000, 8)).toBe('100000.00000000');
  });

  it('uses rates with more than 2 decimals exactly (up to 8)', () => {
    expect(cryptoAmount(10000, 3456.789, 6)).toBe('0.028929'); // 100 / 3456.789 = 0.0289285…
    expect(cryptoAmount(1, 61234.56789, 8)).toBe('0.00000016'); // 0.01 / 61234.56789
    expect(cryptoAmount(5440000, 0.00000001, 2)).toBe('5440000000000.00');
  });

  it('formats zero-decimal currencies without a point and pads small amounts', () => {
    expect(cryptoAmount(1234, 1, 0)).toBe('12');
    expect(cryptoAmount(1, 50000, 8)).toBe('0.00000020');
  });

  it('refuses a non-positive rate', () => {
    expect(() => cryptoAmount(100, 0, 2)).toThrow('Rate must be positive');
  });
});

describe('formatUsd', () => {
  it('formats dollars with thousands separators and cents', () => {
    expect(formatUsd(54400)).toBe('$54,400.00');
    expect(formatUsd(13.6)).toBe('$13.60');
  });
});

describe('bulk price beside the listed one (issue 31)', () => {
  it('the SSL bulk package: listed $14, every order pays $13.60 from its minimum of 4,000', () => {
    expect(bulkPrice(sslBulk)).toEqual({ unitPrice: 13.6, fromQuantity: 4000, atMinimum: true });
  });

  it('a plain product has none', () => {
    expect(bulkPrice(plain)).toBeNull();
  });

  it('the lowest tier a quantity reaches, from where it starts, whatever the tiers order', () => {
    const tiered: PricedProduct = {
      price: 10,
      minQuantity: 1,
      priceTiers: [
        { minQuantity: 500, unitPrice: 7.5 },
        { minQuantity: 100, unitPrice: 9 },
      ],
    };
    expect(bulkPrice(tiered)).toEqual({ unitPrice: 7.5, fromQuantity: 500, atMinimum: false });
  });

  it('a tier below the minimum starts at the minimum; a tier no cheaper than the list price is none', () => {
    expect(bulkPrice({ price: 5, minQuantity: 50, priceTiers: [{ minQuantity: 10, unitPrice: 4.5 }] })).toEqual({
      unitPrice: 4.5,
      fromQuantity: 50,
      atMinimum: true,
    });
    expect(bulkPrice({ price: 5, minQuantity: 1, priceTiers: [{ minQuantity: 10, unitPrice: 5 }] })).toBeNull();
  });
});
