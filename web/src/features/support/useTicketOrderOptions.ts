import { useQuery } from '@apollo/client/react';
import { formatDate } from '../../format/date';
import { graphql } from '../../gql';
import type { TicketOrderOption } from './components/TicketForm';

const TicketOrderOptionsQuery = graphql(/* GraphQL */ `
  query SupportTicketOrderOptions {
    me {
      id
      orders {
        id
        shortId
        quantity
        createdAt
        product {
          id
          name
        }
      }
    }
  }
`);

/** The signed-in customer's orders for the ticket form's "Related order"; nothing is fetched while signed out. */
export function useTicketOrderOptions(signedIn: boolean): TicketOrderOption[] {
  const { data } = useQuery(TicketOrderOptionsQuery, { skip: !signedIn });
  if (!signedIn) return [];
  return (data?.me?.orders ?? []).map((order) => ({
    id: order.id,
    label: `${order.shortId} · ${order.product.name} × ${order.quantity} · ${formatDate(order.createdAt)}`,
  }));
}
