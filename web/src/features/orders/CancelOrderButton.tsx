import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { CancelOrderDialog } from './CancelOrderDialog';
import { ORDER_ACTION_TEXTS } from './order-actions.texts';
import { useCancelOrder } from './useCancelOrder';

interface Props {
  order: { id: string; shortId: string; productName: string };
  /** The button's look where it sits (a card's footer, the /verify actions). */
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/**
 * "Cancel order" for the customer's own PENDING order (the caller shows it only then; the API refuses any other):
 * asks first, then cancels.
 */
export function CancelOrderButton({ order, variant = 'text', size }: Props) {
  const [confirming, setConfirming] = useState(false);
  const { cancelOrder, cancelling } = useCancelOrder();
  const confirm = async () => {
    await cancelOrder(order.id, order.shortId);
    setConfirming(false);
  };
  return (
    <>
      <Button
        color="error"
        variant={variant}
        size={size}
        onClick={() => setConfirming(true)}
        aria-label={`Cancel order ${order.shortId}`}
      >
        {ORDER_ACTION_TEXTS.cancel}
      </Button>
      <CancelOrderDialog
        open={confirming}
        shortId={order.shortId}
        productName={order.productName}
        cancelling={cancelling}
        onKeep={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
