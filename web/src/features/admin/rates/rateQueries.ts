import { PAYMENT_METHOD_LABELS } from '../../../../../common/labels';
import { graphql } from '../../../gql/admin';
import type { PaymentMethod } from '../../../gql/admin/graphql';

export const AdminRatesQuery = graphql(/* GraphQL */ `
  query AdminRates {
    adminRates {
      currencies {
        currency
        rate {
          usd
          source
          fetchedAt
        }
        unavailableReason
        divergencePercent
        methods
      }
      providers {
        provider
        currency
        usd
        error
        answeredAt
        ageSeconds
        fresh
        lastAcceptedUsd
      }
      settings {
        providers
        refreshSeconds
        maxAgeSeconds
        maxDivergencePercent
        spreadPercent
      }
    }
  }
`);

/** Only what the Overview's warning needs: which currencies have no price, and the methods they stop. */
export const AdminRatesWarningQuery = graphql(/* GraphQL */ `
  query AdminRatesWarning {
    adminRates {
      currencies {
        currency
        rate {
          usd
        }
        unavailableReason
        methods
      }
    }
  }
`);

/** How often an open Rates tab or Overview asks again: rates move every refresh (60 s by default). */
export const RATES_POLL_MS = 15_000;

/** "Bitcoin (BTC)", or two labels joined by "or" when two configured methods are paid in one currency. */
export function methodLabels(methods: readonly PaymentMethod[]): string {
  return methods.map((m) => PAYMENT_METHOD_LABELS[m]).join(' or ');
}
