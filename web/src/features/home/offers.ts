/**
 * The home page's static offers (docs/product.md "Home", "Fixed numbers"). The three certificate cards are fixed
 * marketing copy; the bulk package's total is derived from its tier with common/pricing, so the figures cannot drift.
 */
import { quoteTotal } from '../../../../common/pricing';

export interface PriceCardOffer {
  title: string;
  price: number;
  note: string;
  to: string;
  popular?: boolean;
  features: string[];
}

export const PRICE_CARDS: PriceCardOffer[] = [
  {
    title: '1 SSL Certificate',
    price: 14,
    note: 'Perfect for a single website',
    to: '/products/single',
    features: ['One 1-year DV certificate', 'Secures the domain with and without www', 'Email, DNS or HTTP validation'],
  },
  {
    title: '5 SSL Certificates',
    price: 70,
    note: 'Save $2 per certificate',
    to: '/products/bundle-5',
    popular: true,
    features: [
      'Five 1-year DV certificates',
      'Issue each certificate for a different domain',
      'Email, DNS or HTTP validation',
    ],
  },
  {
    title: '10 SSL Certificates',
    price: 140,
    note: 'Save $26 total',
    to: '/products/bundle-10',
    features: [
      'Ten 1-year DV certificates',
      'Issue each certificate for a different domain',
      'Priority support for reissues',
    ],
  },
];

/** SSL keys sold in bulk only: this many keys at least, each at the bulk unit price. */
export const SSL_BULK_OFFER = {
  slug: 'ssl-certificates',
  minQuantity: 4000,
  unitPrice: 13.6,
} as const;

/** The bulk package's minimum order total ($54,400). */
export const SSL_BULK_MINIMUM_TOTAL = quoteTotal(
  {
    price: SSL_BULK_OFFER.unitPrice,
    minQuantity: SSL_BULK_OFFER.minQuantity,
    priceTiers: [{ minQuantity: SSL_BULK_OFFER.minQuantity, unitPrice: SSL_BULK_OFFER.unitPrice }],
  },
  SSL_BULK_OFFER.minQuantity,
).totalPrice;
