import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { MESSAGES } from '../../common/validation';
import { placeOrderErrorToast, withStockHint } from '../../web/src/features/checkout/place-order-errors';
import { clampQuantity, maxQuantity } from '../../web/src/features/checkout/quantity';
import { stockCountLabel } from '../../web/src/format/stock';
import { formatCryptoAmount } from '../../web/src/format/crypto';

const graphqlError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code, ...extra } }] });

describe('checkout quantity input (docs/product.md "Input rules": clamps between the minimum and 10000)', () => {
  it('keeps whole numbers within [min, 10000] and falls back to the minimum', () => {
    expect(clampQuantity('12', 1)).toBe(12);
    expect(clampQuantity('0', 1)).toBe(1);
    expect(clampQuantity('-3', 1)).toBe(1);
    expect(clampQuantity('20000', 1)).toBe(10000);
    expect(clampQuantity('2.7', 1)).toBe(2);
    expect(clampQuantity('', 4000)).toBe(4000);
    expect(clampQuantity('100', 4000)).toBe(4000);
    expect(clampQuantity('abc', 4000)).toBe(4000);
  });

  it('offers no more than the licence keys in stock', () => {
    expect(maxQuantity({ minQuantity: 1, availableQuantity: 296 })).toBe(296);
    expect(maxQuantity({ minQuantity: 4000, availableQuantity: 12500 })).toBe(10000);
    expect(maxQuantity({ minQuantity: 1, availableQuantity: null })).toBe(10000);
    expect(maxQuantity(null)).toBe(10000);
    expect(clampQuantity('20000', 1, 296)).toBe(296);
    expect(clampQuantity('12', 1, 296)).toBe(12);
  });
});

describe('stock as customers read it', () => {
  it('counts with thousands separators, and only what can be bought now', () => {
    expect(stockCountLabel({ inStock: true, availableQuantity: 12500 })).toBe('12,500 in stock');
    expect(stockCountLabel({ inStock: true, availableQuantity: 1 })).toBe('1 in stock');
    expect(stockCountLabel({ inStock: false, availableQuantity: 300 })).toBeNull();
    expect(stockCountLabel({ inStock: true, availableQuantity: null })).toBeNull();
  });

  it("says what to do about 'Only N left in stock', and leaves other refusals alone", () => {
    expect(withStockHint(MESSAGES.onlyLeftInStock(5))).toBe('Only 5 left in stock. Go back and lower the quantity.');
    expect(withStockHint(MESSAGES.onlyLeftInStock(1200))).toBe(
      'Only 1,200 left in stock. Go back and lower the quantity.',
    );
    expect(withStockHint(MESSAGES.outOfStockOnSubmit)).toBe(MESSAGES.outOfStockOnSubmit);
    expect(placeOrderErrorToast(graphqlError('PRODUCT_UNAVAILABLE', MESSAGES.onlyLeftInStock(2)), false)).toMatchObject(
      {
        title: 'Product Unavailable',
        description: 'Only 2 left in stock. Go back and lower the quantity.',
      },
    );
  });
});

describe('crypto amounts as shown', () => {
  it('groups thousands without touching the exact digits', () => {
    expect(formatCryptoAmount('54400.00', 'USDT')).toBe('54,400.00 USDT');
    expect(formatCryptoAmount('1.08800000', 'BTC')).toBe('1.08800000 BTC');
    expect(formatCryptoAmount('1234567.123456', 'ETH')).toBe('1,234,567.123456 ETH');
    expect(formatCryptoAmount('12', 'USD')).toBe('12 USD');
  });
});

describe('placeOrder failures (docs/product.md "Messages")', () => {
  it('maps the API codes to the spec toasts', () => {
    expect(placeOrderErrorToast(graphqlError('PRODUCT_UNAVAILABLE', MESSAGES.outOfStockOnSubmit), false)).toMatchObject(
      {
        title: 'Product Unavailable',
        description: MESSAGES.outOfStockOnSubmit,
      },
    );
    expect(placeOrderErrorToast(graphqlError('BAD_USER_INPUT', MESSAGES.invalidDomain), false)).toMatchObject({
      title: 'Validation Error',
      description: MESSAGES.invalidDomain,
    });
    expect(
      placeOrderErrorToast(
        graphqlError('BAD_USER_INPUT', MESSAGES.proofNotImage, {
          fieldErrors: [{ field: 'proof', message: MESSAGES.proofNotImage }],
        }),
        true,
      ),
    ).toMatchObject({ title: 'Validation Error', description: MESSAGES.proofNotImage });
    expect(placeOrderErrorToast(graphqlError('INTERNAL_SERVER_ERROR', 'Internal server error'), false)).toMatchObject({
      title: 'Error',
      description: 'Failed to submit order. Please try again.',
    });
  });

  it("reports the upload when the proof couldn't be read or the request carrying it failed", () => {
    const unreadable = graphqlError('BAD_USER_INPUT', MESSAGES.uploadFailed, {
      fieldErrors: [{ field: 'proof', message: MESSAGES.uploadFailed }],
    });
    expect(placeOrderErrorToast(unreadable, true)).toMatchObject({
      title: 'Upload Failed',
      description: 'Failed to upload payment proof. Please try again.',
    });
    expect(placeOrderErrorToast(new TypeError('Failed to fetch'), true)).toMatchObject({ title: 'Upload Failed' });
    expect(placeOrderErrorToast(new TypeError('Failed to fetch'), false)).toMatchObject({
      title: 'Error',
      description: 'Failed to submit order. Please try again.',
    });
  });
});
