import { useMutation } from '@apollo/client/react';
import { submitTransactionIdSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { useToast } from '../../components/toast';
import { serverFieldMessages } from '../../components/field-errors';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';
import { ERROR_TITLE, ORDER_ACTION_TEXTS } from '../orders/order-actions.texts';

const SubmitTransactionIdMutation = graphql(/* GraphQL */ `
  mutation VerifySubmitTransactionId($orderId: ID!, $transactionId: String!) {
    submitTransactionId(orderId: $orderId, transactionId: $transactionId) {
      id
      transactionId
    }
  }
`);

/**
 * Adds the transaction ID of the customer's payment to their PENDING order, with the checkout's rules and messages
 * (a 'Validation Error' toast before anything is sent; the API's message for a refusal, e.g. the order moved on).
 * The returned ID updates the cache, so /verify shows it at once. Only the ID: on a method read from its chain the ID is
 * checked as soon as it is saved, and the live update with what the check found (a payment, an issue) may arrive before
 * this answer, which must not overwrite it with the order as it was. Resolves true when saved.
 */
export function useSubmitTransactionId(orderId: string) {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(SubmitTransactionIdMutation);

  const submit = async (value: string, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(submitTransactionIdSchema, { transactionId: value }, toast, report);
    if (!parsed?.transactionId) return false;
    try {
      await mutate({ variables: { orderId, transactionId: parsed.transactionId } });
      toast({ ...ORDER_ACTION_TEXTS.transactionIdAdded, severity: 'success' });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({
        title: ERROR_TITLE,
        description: errorMessage(error, ORDER_ACTION_TEXTS.transactionIdFailed),
        severity: 'error',
      });
      return false;
    }
  };
  return { submit, submitting: loading };
}
