import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertPhotoOutlinedIcon from '@mui/icons-material/InsertPhotoOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ExchangeRateFacts } from '../../../../common/exchange-rate';
import { formatUsd } from '../../../../common/pricing';
import { networkWarning, paymentMethodFacts } from '../../../../common/payment-methods';
import { PaymentInvoice } from '../../components/PaymentInvoice';
import { ExchangeRateLine } from '../../components/ExchangeRateLine';
import { useNow } from '../../components/useNow';
import { CaptchaStatusLine } from '../../captcha/CaptchaStatusLine';
import type { CaptchaStatus } from '../../captcha/useCaptcha';
import { MESSAGES } from '../../../../common/validation';
import { formatCountdown, remainingMs } from '../../format/countdown';
import type { PaymentMethod } from '../../gql/graphql';
import { walletLink } from '../verify/PaymentRequestCard';
import { CHECKOUT_TEXTS } from './checkout.texts';

export interface PaymentMethodOption {
  method: PaymentMethod;
  label: string;
  currency: string;
  address: string | null;
  qrSvg: string | null;
  available: boolean;
  /** Payments are read from the chain and confirmed automatically (a proof or transaction ID is not needed). */
  confirmedOnChain: boolean;
  /** Confirmations a payment needs then; null when an admin confirms. */
  requiredConfirmations: number | null;
}

/** The quote step 2 holds (holdQuote): exactly what the order will ask for, until `expiresAt`. */
export interface HeldQuoteView {
  /** The exact amount to send, unique among open orders ("102.000001"). */
  amount: string;
  currency: string;
  totalPrice: number;
  address: string;
  /** SVG of a QR code of `uri` (the server draws it); null: none. */
  qrSvg: string | null;
  /** BIP 21 / EIP-681 request with the amount, or the bare address (USDT). */
  uri: string | null;
  rate: ExchangeRateFacts;
  /** Until when the price is held (ISO). */
  expiresAt: string;
}

/** The transaction ID input's id (focused when its value is refused). */
export const CHECKOUT_TRANSACTION_ID = 'checkout-transaction-id';

export interface CheckoutPaymentFormProps {
  methods: PaymentMethodOption[];
  selectedMethod: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  /** The quote held for the chosen method; null while it is being held or when that failed. */
  amount: HeldQuoteView | null;
  amountError: string | null;
  /** Why the last held quote was refused by placeOrder (e.g. it expired), shown above the new amount. */
  quoteNotice?: string | null;
  /** A new quote is being held (after a refresh, or another method). */
  refreshingQuote?: boolean;
  /** Holds a new quote (the countdown reached zero). */
  onRefreshQuote: () => void;
  transactionId: string;
  /** The transaction ID's message (shown under it, the field focused). */
  transactionIdError?: string;
  onTransactionIdChange: (value: string) => void;
  proofName: string | null;
  /** A file picked by the user; the view decides whether it is acceptable. */
  onProofPicked: (file: File) => void;
  onCopy: (what: 'amount' | 'address', text: string) => void;
  submitting: boolean;
  /** The order's CAPTCHA, when the store asks for one. */
  captchaStatus: CaptchaStatus;
  onSubmit: () => void;
  onBack: () => void;
}

/**
 * Checkout step 2 (docs/product.md "Checkout"): method, the held quote (its exact amount, the address, the QR code,
 * the rate and a live countdown), transaction ID, proof upload.
 */
export function CheckoutPaymentForm(props: CheckoutPaymentFormProps) {
  const { methods, selectedMethod, amount, amountError, submitting, proofName } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const selected = methods.find((m) => m.method === selectedMethod);
  const payable = !!selected?.available;
  const left = remainingMs(amount?.expiresAt, useNow());
  const expired = left !== null && left <= 0;
  // An expired price may still be placed: the server refuses it with the reason, and a new price is held.
  const canSubmit = payable && !!amount && !amountError && !submitting;
  const onChain = payable && !!selected?.confirmedOnChain;
  // On a method confirmed on chain the ID and the proof are optional extras, folded away unless already given.
  const [extrasOpen, setExtrasOpen] = useState(false);
  const extrasId = useId();
  const showExtras = !onChain || extrasOpen || !!props.transactionId || !!proofName;
  // The held quote's own code: its payment request with the exact amount (or the bare address for USDT). None once
  // the price has expired, so nothing invites paying an amount no longer held.
  const quoteQr = amount && !expired ? amount.qrSvg : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) props.onSubmit();
  };

  let submitLabel: string = onChain ? CHECKOUT_TEXTS.submitOnChain : CHECKOUT_TEXTS.submitNoProof;
  if (proofName) submitLabel = CHECKOUT_TEXTS.submitWithProof;
  if (submitting) submitLabel = CHECKOUT_TEXTS.submitting;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="payment-title">
      <Typography id="payment-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Payment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Choose how you want to pay, then send the exact amount.
      </Typography>

      <Typography id="payment-method-label" component="h3" variant="h6" sx={{ mb: 1.5 }}>
        Payment Method
      </Typography>
      <RadioGroup
        aria-labelledby="payment-method-label"
        value={selectedMethod}
        onChange={(event) => props.onMethodChange(event.target.value as PaymentMethod)}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          gap: 1.5,
        }}
      >
        {methods.map((option) => {
          const checked = option.method === selectedMethod;
          return (
            <FormControlLabel
              key={option.method}
              value={option.method}
              control={<Radio color="secondary" />}
              label={
                <Box>
                  <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{option.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.available ? `Pay in ${option.currency}` : 'Coming soon'}
                  </Typography>
                </Box>
              }
              sx={{
                m: 0,
                p: 1.25,
                pr: 2,
                border: 2,
                borderRadius: 2,
                borderColor: checked ? 'secondary.main' : 'divider',
                bgcolor: checked ? 'rgba(13, 148, 136, 0.06)' : 'background.paper',
                transition: 'border-color 120ms',
                '&:hover': { borderColor: checked ? 'secondary.main' : 'text.secondary' },
              }}
            />
          );
        })}
      </RadioGroup>

      <Box sx={{ mt: 3 }}>
        {/* No price (rates unavailable, out of stock): only the reason, below. */}
        {payable && selected && amountError ? null : payable && selected ? (
          <Box
            data-testid="payment-details"
            sx={{
              p: { xs: 2, sm: 2.5 },
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
          >
            {props.quoteNotice ? (
              <Alert severity="warning" data-testid="quote-notice" sx={{ mb: 2 }}>
                {props.quoteNotice}
              </Alert>
            ) : null}
            {amount ? (
              // The held quote as /verify shows the order's request (components/PaymentInvoice).
              <PaymentInvoice
                ids={{ amount: 'pay-amount', address: 'pay-address' }}
                amountLabel={CHECKOUT_TEXTS.amountLabel}
                amount={amount.amount}
                currency={amount.currency}
                amountStruck={expired}
                amountDetails={
                  <>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {formatUsd(amount.totalPrice)} in US dollars
                    </Typography>
                    <Typography variant="body2" color="text.secondary" data-testid="quote-rate">
                      <ExchangeRateLine rate={amount.rate} />
                    </Typography>
                    {expired ? null : (
                      <Typography variant="body2" sx={{ mt: 1 }} data-testid="exact-amount-note">
                        {CHECKOUT_TEXTS.exactAmountNote}
                      </Typography>
                    )}
                  </>
                }
                address={expired ? null : amount.address}
                addressLabel={`${selected.label} address`}
                copyAmountLabel={CHECKOUT_TEXTS.copyAmount}
                copyAddressLabel={CHECKOUT_TEXTS.copyAddress}
                onCopy={props.onCopy}
                qr={
                  quoteQr
                    ? {
                        svg: quoteQr,
                        alt: walletLink(amount.uri)
                          ? CHECKOUT_TEXTS.qrAltRequest(selected.label)
                          : CHECKOUT_TEXTS.qrAltAddress(selected.label),
                      }
                    : null
                }
                networkWarning={networkWarning(paymentMethodFacts(selected.method))}
                countdown={
                  <PriceHeldCountdown
                    left={left}
                    refreshing={!!props.refreshingQuote}
                    onRefresh={props.onRefreshQuote}
                  />
                }
                background="paper"
              />
            ) : amountError ? null : (
              <Box>
                <Typography variant="body2" color="text.secondary" id="pay-amount-label">
                  {CHECKOUT_TEXTS.amountLabel}
                </Typography>
                <CircularProgress size={22} color="secondary" aria-label={CHECKOUT_TEXTS.quoteLoading} sx={{ mt: 1 }} />
              </Box>
            )}
          </Box>
        ) : (
          <Alert severity="warning" data-testid="method-unavailable">
            {MESSAGES.paymentMethodUnavailable}{' '}
            <Link component={RouterLink} to="/support" sx={{ fontWeight: 700, color: 'inherit' }} underline="always">
              Open a support ticket
            </Link>
          </Alert>
        )}
        {amountError && payable && (
          <Alert severity="error" data-testid="quote-error">
            {amountError}
          </Alert>
        )}
      </Box>

      {onChain && selected ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="body2" data-testid="on-chain-note">
            {CHECKOUT_TEXTS.onChainNote(selected.label, selected.requiredConfirmations)}
          </Typography>
          {showExtras ? null : (
            <Button
              size="small"
              onClick={() => setExtrasOpen(true)}
              aria-expanded={false}
              aria-controls={extrasId}
              sx={{ mt: 1, px: 1, ml: -1 }}
            >
              {CHECKOUT_TEXTS.addExtras}
            </Button>
          )}
        </Box>
      ) : null}

      <Stack spacing={2.5} sx={{ mt: 3, display: showExtras ? undefined : 'none' }} id={extrasId}>
        <TextField
          id={CHECKOUT_TRANSACTION_ID}
          error={!!props.transactionIdError}
          label="Transaction ID (optional)"
          value={props.transactionId}
          onChange={(event) => props.onTransactionIdChange(event.target.value)}
          helperText={
            props.transactionIdError ??
            (onChain
              ? 'Only if you have already paid: the transaction hash from your wallet, letters and numbers only.'
              : 'The transaction hash from your wallet: letters and numbers only.')
          }
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <Box>
          <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
            {onChain ? 'Payment Proof (optional)' : 'Payment Proof'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {onChain
              ? 'Not needed for this method. A screenshot of the sent transaction (image files only) can still help support.'
              : 'A screenshot of the sent transaction (image files only) helps us confirm your payment faster.'}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-label="Payment proof image"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that picking the same file again still reports it.
              event.target.value = '';
              if (file) props.onProofPicked(file);
            }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              startIcon={<CloudUploadOutlinedIcon aria-hidden />}
              onClick={() => fileInput.current?.click()}
              disabled={submitting}
            >
              {proofName ? 'Choose another image' : 'Upload payment screenshot'}
            </Button>
            {proofName && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="proof-name">
                <InsertPhotoOutlinedIcon color="secondary" fontSize="small" aria-hidden />
                <Typography variant="body2" noWrap title={proofName}>
                  {proofName}
                </Typography>
              </Stack>
            )}
          </Stack>
        </Box>
      </Stack>

      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 4, justifyContent: 'space-between' }}
      >
        <Button
          variant="outlined"
          size="large"
          startIcon={<ArrowBackIcon aria-hidden />}
          onClick={props.onBack}
          disabled={submitting}
        >
          Back
        </Button>
        <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
          {submitLabel}
        </Button>
      </Stack>
      <Box sx={{ mt: 1.5, display: 'flex', justifyContent: { sm: 'flex-end' } }}>
        <CaptchaStatusLine status={props.captchaStatus} />
      </Box>
    </Box>
  );
}

/**
 * "Price held for 29:41", counting down each second once the page has mounted; at zero, that the price expired and a
 * button that holds a new one. The time is a timer (not announced each second); the expiry is an alert.
 */
function PriceHeldCountdown({
  left,
  refreshing,
  onRefresh,
}: {
  /** Milliseconds left; null until the page has mounted. */
  left: number | null;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  if (left !== null && left <= 0) {
    return (
      // The button goes under the sentence (not in the alert's action slot, which squeezes it on a phone).
      <Alert severity="warning" data-testid="quote-expired">
        {CHECKOUT_TEXTS.priceExpired}
        <Box sx={{ mt: 1 }}>
          <Button
            variant="contained"
            color="secondary"
            size="small"
            startIcon={<RefreshIcon aria-hidden />}
            onClick={onRefresh}
            disabled={refreshing}
          >
            {CHECKOUT_TEXTS.refreshPrice}
          </Button>
        </Box>
      </Alert>
    );
  }
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ p: 1.25, borderRadius: 2, bgcolor: 'rgba(13, 148, 136, 0.08)', alignItems: 'center' }}
    >
      <TimerOutlinedIcon fontSize="small" color="secondary" aria-hidden />
      <Typography
        variant="body2"
        role="timer"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid="quote-countdown"
      >
        {left === null ? CHECKOUT_TEXTS.priceHeld : CHECKOUT_TEXTS.priceHeldFor(formatCountdown(left))}
      </Typography>
    </Stack>
  );
}
