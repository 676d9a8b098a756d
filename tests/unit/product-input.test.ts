import { PRODUCT_MESSAGES, productInputSchema, toFieldErrors } from '../../common/validation';

const valid = {
  name: 'Bitcoin Bot',
  slug: 'bitcoin-bot-2',
  category: 'trading_bots',
  description: 'Trades for you',
  longDescription: '',
  price: 19.99,
  minQuantity: 2,
  priceTiers: [
    { minQuantity: 5, unitPrice: 9.5 },
    { minQuantity: 10, unitPrice: 9 },
  ],
  features: ['Fast'],
  active: true,
};

function errorsOf(input: unknown) {
  const result = productInputSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

describe('productInputSchema', () => {
  it('accepts a valid product, an empty long description becoming null', () => {
    expect(productInputSchema.parse(valid)).toMatchObject({ longDescription: null, price: 19.99 });
  });

  it('checks tiers against each other and the minimum quantity', () => {
    expect(
      errorsOf({
        ...valid,
        priceTiers: [
          { minQuantity: 1, unitPrice: 5 },
          { minQuantity: 5, unitPrice: 5 },
          { minQuantity: 5, unitPrice: 4 },
        ],
      }),
    ).toEqual([
      { field: 'priceTiers.0.minQuantity', message: PRODUCT_MESSAGES.tierBelowMinimum },
      { field: 'priceTiers.2.minQuantity', message: PRODUCT_MESSAGES.tiersNotAscending },
    ]);
  });

  it('reports every field at once', () => {
    expect(errorsOf({ ...valid, name: ' ', slug: 'Bad Slug', price: 1.234 }).map((e) => e.field)).toEqual([
      'name',
      'slug',
      'price',
    ]);
  });
});
