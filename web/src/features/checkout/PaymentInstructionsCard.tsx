import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { POLICY_PAGES } from '../../../../common/store-settings';
import { confirmationsLabel } from '../../format/crypto';

const STEPS: ReactNode[] = [
  'Copy the payment address or scan the QR code with your wallet.',
  'Send the exact amount shown to that address.',
  <>
    Wait for confirmation (typically{' '}
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      1-24 hours
    </Box>
    ).
  </>,
  'Receive your certificate by email.',
];

/** The steps for a method whose payments are read from the chain and confirmed automatically. */
function onChainSteps(confirmations: number): ReactNode[] {
  return [
    'Copy the exact amount and the address, or scan the QR code with your wallet.',
    'Send exactly that amount before the price expires, and place the order (before or after you send).',
    `Wait for confirmation: automatic after ${confirmationsLabel(confirmations)} on the blockchain.`,
    STEPS[3],
  ];
}

function PolicyLinks() {
  const [terms, refunds] = POLICY_PAGES;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5 }} data-testid="checkout-policies">
      By placing an order you accept our{' '}
      <Link component={RouterLink} to={terms.path} underline="always">
        {terms.title}
      </Link>
      ; see our{' '}
      <Link component={RouterLink} to={refunds.path} underline="always">
        {refunds.title}
      </Link>
      .
    </Typography>
  );
}

/**
 * The four payment steps (docs/product.md "Checkout"); for a method confirmed on chain (`onChainConfirmations`), its
 * own: the payment is found by its exact amount, and confirmation is automatic. The last step says how the chosen
 * product's kind is delivered (`delivery`: common/fulfilment-kinds deliveryPromise). Links the Terms and Refund pages.
 */
export function PaymentInstructionsCard({
  onChainConfirmations,
  delivery,
}: {
  onChainConfirmations?: number | null;
  delivery?: string | null;
}) {
  const base = onChainConfirmations ? onChainSteps(onChainConfirmations) : STEPS;
  const steps = delivery ? [...base.slice(0, 3), delivery] : base;
  return (
    <Card component="section" aria-labelledby="payment-instructions-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="payment-instructions-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Payment Instructions
        </Typography>
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {steps.map((step, index) => (
            <Stack component="li" key={index} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: '0.875rem',
                }}
              >
                {index + 1}
              </Box>
              <Typography sx={{ pt: 0.25 }}>{step}</Typography>
            </Stack>
          ))}
        </Stack>
        <PolicyLinks />
      </CardContent>
    </Card>
  );
}
