import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { ticketSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { useToast } from '../../components/toast';
import { serverFieldMessages } from '../../components/field-errors';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';
import type { TicketValues } from './components/TicketForm';

const CreateTicketMutation = graphql(/* GraphQL */ `
  mutation SupportPageCreateTicket($input: CreateTicketInput!) {
    createTicket(input: $input) {
      id
      ...TicketsTab_ticket
    }
  }
`);

/**
 * Create a ticket: validate (first message as 'Validation Error', each field's under it through `report`), send,
 * toast. The new ticket, with
 * the dashboard list's own fields (TicketsTab_ticket), is put at the top of the cached dashboard list,
 * so /dashboard shows it at once. Resolves true when created.
 */
export function useCreateTicket() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(CreateTicketMutation, {
    update(cache, { data }) {
      if (!data) return;
      const ticket = cache.identify(data.createTicket);
      cache.modify<{ tickets: Reference[] }>({
        id: cache.identify({ __typename: 'Viewer' }),
        fields: {
          tickets: (existing, { toReference }) => {
            const added = ticket ? toReference(ticket) : undefined;
            return added ? [added, ...existing] : existing;
          },
        },
      });
    },
  });
  const createTicket = async (values: TicketValues, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(ticketSchema, values, toast, report);
    if (!parsed) return false;
    const { title, description, category, priority } = parsed;
    try {
      await mutate({
        variables: {
          input: {
            title,
            description,
            category,
            priority,
            orderId: values.orderId || undefined,
          },
        },
      });
      toast({
        title: 'Ticket created!',
        description: "We'll respond to your ticket within 24 hours.",
        severity: 'success',
      });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create ticket'), severity: 'error' });
      return false;
    }
  };
  return { createTicket, loading };
}
