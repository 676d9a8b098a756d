/**
 * What every store page shows of the shop (docs/product.md "Store settings", "Payment methods shown"): its name and
 * contacts as the owner set them, and the payment methods it can take. One query, shared through the Apollo cache by
 * the navigation bar, footer, home page, product pages and support page; the server renders it into every public
 * page, so nothing moves once the page has loaded. Until it answers (or if it fails), the defaults of
 * common/store-settings.ts and no payment method are shown: never a method the shop has not set up.
 */
import { useQuery } from '@apollo/client/react';
import { DEFAULT_STORE_SETTINGS } from '../../../common/store-settings';
import { graphql } from '../gql';

const StoreInfoQuery = graphql(/* GraphQL */ `
  query StoreInfo {
    storeSettings {
      storeName
      supportEmail
      supportPhone
      supportHours
      timeZone
    }
    paymentMethods {
      method
      label
      currency
      available
    }
  }
`);

export interface StoreInfo {
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  timeZone: string;
  /** The methods a customer can pay with now (configured, accepted), in checkout order. */
  acceptedMethods: { method: string; label: string; currency: string }[];
}

export function useStoreInfo(): StoreInfo {
  const { data } = useQuery(StoreInfoQuery, { fetchPolicy: 'cache-first' });
  const settings = data?.storeSettings ?? DEFAULT_STORE_SETTINGS;
  return {
    storeName: settings.storeName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    supportHours: settings.supportHours,
    timeZone: settings.timeZone,
    acceptedMethods: (data?.paymentMethods ?? []).filter((m) => m.available),
  };
}

/** "Bitcoin (BTC), Ethereum (ETH) or USDT (TRC-20)": the methods as a sentence names them. */
export function methodsSentence(labels: readonly string[], conjunction = 'or'): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} ${conjunction} ${labels[labels.length - 1]}`;
}

/** "USDT (TRC-20) · BTC": the methods' currencies, each once, for a short line. */
export function currenciesLine(methods: readonly { currency: string }[]): string {
  return [...new Set(methods.map((m) => m.currency))].join(' · ');
}
