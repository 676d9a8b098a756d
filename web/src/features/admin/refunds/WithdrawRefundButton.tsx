import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { errorMessage } from '../../../apollo/errors';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';

const CancelRefundMutation = graphql(/* GraphQL */ `
  mutation AdminCancelRefund($refundId: ID!, $notPaid: Boolean!) {
    cancelRefund(refundId: $refundId, notPaid: $notPaid) {
      id
      status
    }
  }
`);

const TEXTS = {
  button: 'Withdraw',
  title: 'Withdraw this refund?',
  text: (amount: string) =>
    `The refund of ${amount} is cancelled and the customer is e-mailed that it was withdrawn. Only a refund not sent ` +
    'yet can be withdrawn; its amount can be offered again.',
  /** A claimed refund may have been paid without its transaction recorded: withdrawing it states it was not. */
  notPaid:
    'The customer already claimed it: withdraw it only if you did not send it. Check your wallet first; a payout ' +
    'recorded later still takes the refund up again while its amount is left to refund.',
  keep: 'Keep it',
  confirm: 'Withdraw refund',
  confirmNotPaid: 'Cancel (not paid)',
  done: { title: 'Refund withdrawn', description: 'The customer was told by e-mail.' },
  failed: 'The refund could not be withdrawn. Please try again.',
  errorTitle: 'Not withdrawn',
} as const;

/**
 * "Withdraw" for a refund not sent yet (OFFERED or CLAIMED), with a confirmation; for a CLAIMED one the confirmation
 * is the admin's statement that it was not paid (`cancelRefund(notPaid: true)`). `onDone` after it is cancelled.
 */
export function WithdrawRefundButton({
  refundId,
  amount,
  claimed,
  onDone,
}: {
  refundId: string;
  amount: string;
  claimed: boolean;
  onDone: () => void;
}) {
  const toast = useToast();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [cancel, { loading }] = useMutation(CancelRefundMutation);
  const confirm = async () => {
    try {
      await cancel({ variables: { refundId, notPaid: claimed } });
      setOpen(false);
      toast({ ...TEXTS.done, severity: 'success' });
      onDone();
    } catch (error) {
      toast({ title: TEXTS.errorTitle, description: errorMessage(error, TEXTS.failed), severity: 'error' });
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {TEXTS.button}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{TEXTS.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{TEXTS.text(amount)}</DialogContentText>
          {claimed && <DialogContentText sx={{ mt: 1, fontWeight: 700 }}>{TEXTS.notPaid}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{TEXTS.keep}</Button>
          <Button color="error" variant="contained" disabled={loading} onClick={() => void confirm()}>
            {claimed ? TEXTS.confirmNotPaid : TEXTS.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
