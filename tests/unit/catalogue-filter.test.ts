/** The catalogue's filters in the address (issue 31, item 7): common/catalogue-filter.ts. */
import { applyFilter, filterSearch, readFilter } from '../../common/catalogue-filter';

const products = [
  { name: 'SSL Key Bulk Package', category: 'ssl_certificates', description: 'Keys in bulk', features: [], price: 14 },
  {
    name: 'Litecoin (LTC) Licence Key',
    category: 'crypto_keys',
    description: 'A key',
    features: ['Instant'],
    price: 34,
  },
  { name: 'Bitcoin (BTC) Licence Key', category: 'crypto_keys', description: 'A key', features: [], price: 60 },
  { name: 'Grid Trading Bot', category: 'trading_bots', description: 'Bot for Binance', features: [], price: 99 },
];

describe('catalogue filter', () => {
  it('reads category, search and sort from the address; unknown values fall back to all, price ascending', () => {
    expect(readFilter(new URLSearchParams('category=crypto_keys&q=%20litecoin%20&sort=price-desc'))).toEqual({
      category: 'crypto_keys',
      q: 'litecoin',
      sort: 'price-desc',
    });
    expect(readFilter(new URLSearchParams('category=nope&sort=cheapest'))).toEqual({
      category: null,
      q: '',
      sort: 'price',
    });
    expect(readFilter(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the default', () => {
    expect(filterSearch({ category: null, q: '', sort: 'price' })).toBe('');
    expect(filterSearch({ category: 'crypto_keys', q: 'ltc key', sort: 'name' })).toBe(
      '?category=crypto_keys&q=ltc+key&sort=name',
    );
  });

  it('keeps the category, every word of the search in any case (name, category label, description, features)', () => {
    const names = (f: Parameters<typeof applyFilter>[1]) => applyFilter(products, f).map((p) => p.name);
    expect(names({ category: 'crypto_keys', q: '', sort: 'price' })).toEqual([
      'Litecoin (LTC) Licence Key',
      'Bitcoin (BTC) Licence Key',
    ]);
    expect(names({ category: null, q: 'KEY instant', sort: 'price' })).toEqual(['Litecoin (LTC) Licence Key']);
    expect(names({ category: null, q: 'trading binance', sort: 'price' })).toEqual(['Grid Trading Bot']);
    expect(names({ category: 'ssl_certificates', q: 'bitcoin', sort: 'price' })).toEqual([]);
    expect(names({ category: null, q: '', sort: 'price-desc' })[0]).toBe('Grid Trading Bot');
    expect(names({ category: null, q: '', sort: 'name' })[0]).toBe('Bitcoin (BTC) Licence Key');
  });
});
