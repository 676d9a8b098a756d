import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WALLET_URI_SCHEMES } from '../../../../common/payment-methods';
import { CopyAmountButton } from '../../components/CopyAmountButton';
import { PayAddressField } from '../../components/PayAddressField';
import { formatCryptoAmount } from '../../format/crypto';
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
}

/**
 * A wallet link only for a real payment request (a scheme a method's definition names: bitcoin:, ethereum:), not a
 * bare address (USDT), and never any other scheme.
 */
export function walletLink(uri: string | null): string | null {
  const colon = uri?.indexOf(':') ?? -1;
  return uri && colon > 0 && WALLET_URI_SCHEMES.includes(uri.slice(0, colon).toLowerCase()) ? uri : null;
}

/** The QR code the server drew, as an image (no markup of ours is injected), as the checkout shows its own. */
function qrImageSource(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

interface Props {
  request: PaymentRequest;
  onCopy: (what: 'amount' | 'address', text: string) => void;
}

/**
 * /verify while the order waits for its payment: the exact amount (its unique last digits), the address, the order's
 * own QR code of the payment request and, for BTC and ETH, a link that opens the wallet with both filled in.
 */
export function PaymentRequestCard({ request, onCopy }: Props) {
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
    <Card component="section" aria-labelledby="payment-request-title" sx={{ mt: 3 }} data-testid="payment-request">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="payment-request-title" variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intro}
        </Typography>
        <Box
          sx={{
            mt: 2.5,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: qrSvg ? '200px minmax(0, 1fr)' : '1fr' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          {qrSvg ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Box
                component="img"
                src={qrImageSource(qrSvg)}
                alt={PAYMENT_REQUEST_TEXTS.qrAlt(request.methodLabel)}
                sx={{
                  width: 200,
                  height: 200,
                  bgcolor: '#fff',
                  borderRadius: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  p: 1,
                }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 220 }}>
                {wallet ? PAYMENT_REQUEST_TEXTS.walletHint : PAYMENT_REQUEST_TEXTS.scanHint}
              </Typography>
            </Stack>
          ) : null}
          <Stack spacing={2.5} sx={{ minWidth: 0 }}>
            {rest ? null : (
              <Box>
                <Typography variant="body2" color="text.secondary" id="exact-amount-label">
                  {request.rest ? PAYMENT_REQUEST_TEXTS.restAmountLabel : PAYMENT_REQUEST_TEXTS.amountLabel}
                </Typography>
                {/* The Copy button sits beside the amount, or below it when both do not fit: the amount itself
                    never breaks ("BTC" alone on a line). */}
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Typography
                    aria-labelledby="exact-amount-label"
                    data-testid="exact-amount"
                    sx={{
                      fontWeight: 800,
                      fontSize: { xs: '1.35rem', sm: '1.6rem' },
                      lineHeight: 1.3,
                      fontVariantNumeric: 'tabular-nums',
                      whiteSpace: 'nowrap',
                      flexGrow: 1,
                    }}
                  >
                    {formatCryptoAmount(request.amount, request.currency)}
                  </Typography>
                  <CopyAmountButton
                    label={PAYMENT_REQUEST_TEXTS.copyAmount}
                    onClick={() => onCopy('amount', request.amount)}
                  />
                </Stack>
              </Box>
            )}
            <PayAddressField
              id="exact-address-label"
              testId="exact-address"
              label={PAYMENT_REQUEST_TEXTS.addressLabel(request.methodLabel)}
              address={request.address}
              copyLabel={PAYMENT_REQUEST_TEXTS.copyAddress}
              onCopy={() => onCopy('address', request.address)}
              background="default"
            />
            {wallet ? (
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
            ) : null}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
