import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WALLET_URI_SCHEMES } from '../../../../common/payment-methods';
import { PaymentInvoice } from '../../components/PaymentInvoice';
import { PAYMENT_REQUEST_TEXTS } from './payment-request.texts';

export { PAYMENT_REQUEST_TEXTS };

export interface PaymentRequest {
  /** The order's exact amount, unique among open orders ("0.013601"). */
  amount: string;
  currency: string;
  address: string;
  /** "Ethereum (ETH)". */
  methodLabel: string;
  /** SVG of a QR code of `uri` (the server draws it); null: none. */
  qrSvg: string | null;
  /** BIP 21 / EIP-681 request, or the bare address (USDT). */
  uri: string | null;
  /**
   * An underpayment was seen and the order does not say what is due (an admin judges it): the issue above says what
   * is missing; this card keeps the address at hand.
   */
  partlyPaid?: boolean;
  /** `amount` is the rest still due (Order.amountDue), with its own QR code and payment request: "Pay the rest". */
  rest?: boolean;
  /** "Send only USDT on TRON (TRC-20)" (common/payment-methods networkWarning); null for none. */
  networkWarning?: string | null;
}

/**
 * A wallet link only for a real payment request (a scheme a method's definition names: bitcoin:, ethereum:), not a
 * bare address (USDT), and never any other scheme.
 */
export function walletLink(uri: string | null): string | null {
  const colon = uri?.indexOf(':') ?? -1;
  return uri && colon > 0 && WALLET_URI_SCHEMES.includes(uri.slice(0, colon).toLowerCase()) ? uri : null;
}

interface Props {
  request: PaymentRequest;
  onCopy: (what: 'amount' | 'address', text: string) => void;
  /** The live countdown (the price lock, the payment deadline), shown first. */
  countdown?: ReactNode;
  /** The card's title is the page's first heading after its status line: h2. */
  titleId?: string;
}

/**
 * /verify while the order waits for its payment, as an invoice (components/PaymentInvoice): the countdown, the exact
 * amount (its unique last digits), the network warning, the address, the order's own QR code of the payment request
 * and, for BTC and ETH, a link that opens the wallet with both filled in.
 */
export function PaymentRequestCard({ request, onCopy, countdown, titleId = 'payment-request-title' }: Props) {
  // Partly paid with nothing due known: the code, the wallet link and the amount are the whole order's, so only the
  // address is offered. With the rest due known, the card asks for exactly that, with its own code.
  const rest = !!request.partlyPaid && !request.rest;
  const wallet = rest ? null : walletLink(request.uri);
  const qrSvg = rest ? null : request.qrSvg;
  const title = request.rest
    ? PAYMENT_REQUEST_TEXTS.payRestTitle
    : rest
      ? PAYMENT_REQUEST_TEXTS.restTitle
      : PAYMENT_REQUEST_TEXTS.title;
  const intro = request.rest
    ? PAYMENT_REQUEST_TEXTS.payRest
    : rest
      ? PAYMENT_REQUEST_TEXTS.partlyPaid
      : PAYMENT_REQUEST_TEXTS.intro;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: { xs: 2, sm: 3 } }} data-testid="payment-request">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ mb: { xs: 1.5, sm: 0 } }}>
          {title}
        </Typography>
        {/* On a phone the explanation follows what to send, so the amount and the address fit in the first screen. */}
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography
            color="text.secondary"
            variant="body2"
            sx={{ order: { xs: 1, sm: 0 }, mt: { xs: 2, sm: 0.5 }, mb: { xs: 0, sm: 2 } }}
          >
            {intro}
          </Typography>
          <PaymentInvoice
            ids={{ amount: 'exact-amount', address: 'exact-address' }}
            amountLabel={request.rest ? PAYMENT_REQUEST_TEXTS.restAmountLabel : PAYMENT_REQUEST_TEXTS.amountLabel}
            amount={rest ? null : request.amount}
            currency={request.currency}
            address={request.address}
            addressLabel={PAYMENT_REQUEST_TEXTS.addressLabel(request.methodLabel)}
            copyAmountLabel={PAYMENT_REQUEST_TEXTS.copyAmount}
            copyAddressLabel={PAYMENT_REQUEST_TEXTS.copyAddress}
            onCopy={onCopy}
            qr={
              qrSvg
                ? {
                    svg: qrSvg,
                    alt: PAYMENT_REQUEST_TEXTS.qrAlt(request.methodLabel),
                    hint: wallet ? PAYMENT_REQUEST_TEXTS.walletHint : PAYMENT_REQUEST_TEXTS.scanHint,
                  }
                : null
            }
            networkWarning={request.networkWarning ?? null}
            countdown={countdown}
            background="default"
            wallet={
              wallet ? (
                <Box>
                  <Button
                    component="a"
                    href={wallet}
                    variant="contained"
                    color="secondary"
                    startIcon={<OpenInNewIcon aria-hidden />}
                    sx={{ width: { xs: '100%', sm: 'auto' } }}
                  >
                    {PAYMENT_REQUEST_TEXTS.openInWallet}
                  </Button>
                </Box>
              ) : null
            }
          />
        </Box>
      </CardContent>
    </Card>
  );
}
