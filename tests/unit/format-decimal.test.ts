import { CRYPTO_DECIMALS, cryptoAmount, formatDecimal } from '../../common/pricing';

describe('formatDecimal: stored numeric amounts shown with a method’s decimals', () => {
  it.each([
    ['54400.00000000', 2, '54400.00'],
    ['1.08800000', 8, '1.08800000'],
    ['21.76000000', 6, '21.760000'],
    ['0.00096000', 8, '0.00096000'],
    ['54400', 2, '54400.00'],
    ['0', 8, '0.00000000'],
    ['.5', 2, '0.50'],
    ['12.345', 2, '12.35'],
    ['12.344999', 2, '12.34'],
    ['0.995', 2, '1.00'],
    ['99.999999995', 8, '100.00000000'],
    ['7.9', 0, '8'],
    ['-1.005', 2, '-1.01'],
    ['-0.001', 2, '0.00'],
  ])('%s with %i decimals is %s', (value, decimals, expected) => {
    expect(formatDecimal(value, decimals)).toBe(expected);
  });

  it('refuses what is not a decimal', () => {
    expect(() => formatDecimal('1e5', 2)).toThrow('Not a decimal');
    expect(() => formatDecimal('abc', 2)).toThrow('Not a decimal');
    expect(() => formatDecimal('', 2)).toThrow('Not a decimal');
    expect(() => formatDecimal('.', 2)).toThrow('Not a decimal');
  });

  it('round-trips every conversion through numeric(30,8) unchanged', () => {
    for (const [method, decimals] of Object.entries(CRYPTO_DECIMALS)) {
      const amount = cryptoAmount(5_440_000, method === 'BTC' ? 50000 : method === 'ETH' ? 2500 : 1, decimals);
      const stored = `${amount.split('.')[0]}.${(amount.split('.')[1] ?? '').padEnd(8, '0')}`;
      expect(formatDecimal(stored, decimals)).toBe(amount);
    }
  });
});
