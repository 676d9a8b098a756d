import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CRYPTO_DECIMALS, cryptoAmount, quoteTotal } from '../../../../common/pricing';
import { checkoutDetailsSchema, checkoutPaymentSchema, LIMITS, MESSAGES } from '../../../../common/validation';
import { fulfilmentFacts } from '../../../../common/fulfilment-kinds';
import { useRequireSignIn } from '../../auth/useRequireSignIn';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { useToast } from '../../components/toast';
import { focusFirstError, type FieldMessages } from '../../components/field-errors';
import { VALIDATION_ERROR_TITLE } from '../../components/validation-toast';
import { graphql } from '../../gql';
import type { PaymentMethod } from '../../gql/graphql';
import { formatCount } from '../../format/stock';
import { CHECKOUT_DETAILS_IDS, CheckoutDetailsForm, type CheckoutDetailsValues } from './CheckoutDetailsForm';
import { CHECKOUT_TRANSACTION_ID, CheckoutPaymentForm, type HeldQuoteView } from './CheckoutPaymentForm';
import { CHECKOUT_TEXTS } from './checkout.texts';
import { OrderSummaryCard, type OrderSummary } from './OrderSummaryCard';
import { PaymentInstructionsCard } from './PaymentInstructionsCard';
import { withStockHint } from './place-order-errors';
import { useHeldQuote } from './useHeldQuote';
import { clampQuantity, maxQuantity } from './quantity';
import { usePlaceOrder, type PlaceOrderDetails } from './usePlaceOrder';

const CheckoutPageQuery = graphql(/* GraphQL */ `
  query CheckoutPage {
    products {
      id
      slug
      name
      price
      inStock
      availableQuantity
      minQuantity
      fulfilment
      priceTiers {
        minQuantity
        unitPrice
      }
    }
    paymentMethods {
      method
      label
      currency
      address
      qrSvg
      usdRate
      available
      confirmedOnChain
      requiredConfirmations
    }
    me {
      id
      email
    }
  }
`);

const STEPS = ['Order Details', 'Payment'];

/** Step 1 as typed; null until edited: the product the address names, its minimum, the account's e-mail. */
interface DetailsValues {
  productId: string | null;
  quantity: string | null;
  domainName: string;
  email: string | null;
}

type Details = Omit<PlaceOrderDetails, 'paymentMethod' | 'transactionId'>;

const checkDetails = zodResolver(checkoutDetailsSchema);

/**
 * Step 1's shared rules (common/validation.ts checkoutDetailsSchema) through zodResolver. Continue first writes what
 * the untouched fields stand for (the product, the clamped quantity, the account's e-mail) into the form.
 */
const detailsResolver: Resolver<DetailsValues, unknown, Details> = async (values, context, options) => {
  const result = await checkDetails(
    {
      productId: values.productId ?? '',
      quantity: Number(values.quantity),
      domainName: values.domainName,
      email: values.email ?? '',
    },
    context,
    options as never,
  );
  return result.errors && Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as FieldErrors<DetailsValues> }
    : { values: { ...(result.values as Details), domainName: result.values.domainName ?? null }, errors: {} };
};

/** Step 2 as chosen and typed; the method is null until chosen (the first available one). */
interface PaymentValues {
  paymentMethod: PaymentMethod | null;
  transactionId: string;
  proof: File | null;
}

const checkPayment = zodResolver(checkoutPaymentSchema);

/** Step 2's shared rules (checkoutPaymentSchema) on the transaction ID; the proof's bytes are checked by the server. */
const paymentResolver: Resolver<PaymentValues, unknown, { transactionId: string | null }> = (
  values,
  context,
  options,
) =>
  checkPayment({ transactionId: values.transactionId }, context, options as never) as ReturnType<
    Resolver<PaymentValues, unknown, { transactionId: string | null }>
  >;

/** The first rule a step breaks, as the spec shows it: one 'Validation Error' toast (docs/product.md "Input rules"). */
function firstMessage(errors: FieldErrors): string | undefined {
  return Object.values(errors)[0]?.message as string | undefined;
}

/** A react-hook-form form's errors as field messages (shown under the fields, components/field-errors.ts). */
function messagesOf(errors: FieldErrors): FieldMessages {
  const messages: FieldMessages = {};
  for (const [field, error] of Object.entries(errors)) {
    if (typeof error?.message === 'string') messages[field] = error.message;
  }
  return messages;
}

/** Route /checkout?product=slug (docs/product.md "Checkout"). A new slug starts a new checkout. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const slug = params.get('product');
  return <CheckoutView key={slug ?? ''} slug={slug} />;
}

function CheckoutView({ slug }: { slug: string | null }) {
  const status = useRequireSignIn(CHECKOUT_TEXTS.authRequired);
  const toast = useToast();
  const navigate = useNavigate();
  /** Why placeOrder refused the held quote (expired, …), shown above the new amount; for the purchase it was about. */
  const [quoteNotice, setQuoteNotice] = useState<{ message: string; purchase: string } | null>(null);
  const { placeOrder, submitting, captchaStatus } = usePlaceOrder();

  // Stock decides what may be bought, so it is read fresh rather than from the catalogue's cache.
  const { data, error, refetch } = useQuery(CheckoutPageQuery, {
    skip: status !== 'signedIn',
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });

  const [step, setStep] = useState<0 | 1>(0);
  /** Step 1 as the customer confirmed it. */
  const [details, setDetails] = useState<Details | null>(null);

  const detailsForm = useForm<DetailsValues, unknown, Details>({
    defaultValues: { productId: null, quantity: null, domainName: '', email: null },
    resolver: detailsResolver,
  });
  const [chosenId, quantityText, domainName, emailText] = useWatch({
    control: detailsForm.control,
    name: ['productId', 'quantity', 'domainName', 'email'],
  });
  const paymentForm = useForm<PaymentValues, unknown, { transactionId: string | null }>({
    defaultValues: { paymentMethod: null, transactionId: '', proof: null },
    resolver: paymentResolver,
  });
  const [methodChoice, transactionId, proof] = useWatch({
    control: paymentForm.control,
    name: ['paymentMethod', 'transactionId', 'proof'],
  });
  const setQuantityText = (text: string) => detailsForm.setValue('quantity', text);

  const products = data?.products ?? [];
  const methods = data?.paymentMethods ?? [];
  const slugProduct = slug ? products.find((p) => p.slug === slug) : undefined;
  const openedWithProduct = !!slugProduct?.inStock;
  const productId = chosenId ?? (openedWithProduct ? slugProduct.id : null);
  const product = products.find((p) => p.id === productId) ?? null;
  const minQuantity = product?.minQuantity ?? 1;
  // Products stocked by licence keys offer no more than the keys in stock (the API refuses more).
  const quantityMax = maxQuantity(product);
  const quantity = clampQuantity(quantityText ?? String(minQuantity), minQuantity, quantityMax);
  const email = emailText ?? data?.me?.email ?? '';
  const method = methodChoice ?? methods.find((m) => m.available)?.method ?? methods[0]?.method ?? 'USDT_TRC20';

  // Opened by slug for an out-of-stock product: say so and go back to the catalogue (docs/product.md "Messages").
  const leaving = !!data && !!slugProduct && !slugProduct.inStock;
  const warned = useRef(false);
  useEffect(() => {
    if (!leaving || warned.current) return;
    warned.current = true;
    toast({ title: CHECKOUT_TEXTS.productUnavailable, description: MESSAGES.outOfStockOpened, severity: 'warning' });
    navigate('/products', { replace: true });
  }, [leaving, navigate, toast]);

  // Step 2 holds the exact amount to send (docs/payments.md "The quote lock"), for a method that can be paid now.
  const chosen = methods.find((m) => m.method === method);
  const purchase =
    step === 1 && details && chosen?.available
      ? { productId: details.productId, quantity: details.quantity, paymentMethod: method }
      : null;
  const held = useHeldQuote(purchase);
  const purchaseKey = purchase ? `${purchase.productId}|${purchase.quantity}|${purchase.paymentMethod}` : '';

  // The quote says fewer keys are left than asked for (bought meanwhile): read the stock again, so step 1 offers
  // what is left.
  const quoteError = held.error;
  useEffect(() => {
    if (!quoteError || !CombinedGraphQLErrors.is(quoteError)) return;
    if (quoteError.errors[0]?.extensions?.code === 'PRODUCT_UNAVAILABLE') void refetch().catch(() => undefined);
  }, [quoteError, refetch]);

  if (status !== 'signedIn') return <LoadingState label={CHECKOUT_TEXTS.verifyingAuth} fill />;
  if (error && !data) {
    return (
      <ErrorState message="We couldn't load the checkout." action={<RetryButton onRetry={() => void refetch()} />} />
    );
  }
  if (!data || leaving) return <LoadingState label={CHECKOUT_TEXTS.loadingProducts} fill />;

  const usdtRate = methods.find((m) => m.method === 'USDT_TRC20')?.usdRate ?? 1;
  // Only a product issued for a domain asks for one (licence keys and downloads have none).
  const asksForDomain = product ? fulfilmentFacts(product.fulfilment).asksForDomain : false;
  const summary: OrderSummary | null = product
    ? (() => {
        const price = quoteTotal(product, quantity);
        return {
          productName: product.name,
          quantity,
          unitPrice: price.unitPrice,
          totalPrice: price.totalPrice,
          domainName: (asksForDomain && domainName.trim()) || null,
          usdtAmount: cryptoAmount(price.totalCents, usdtRate, CRYPTO_DECIMALS.USDT_TRC20),
        };
      })()
    : null;

  const values: CheckoutDetailsValues = {
    productId,
    quantity: quantityText ?? String(minQuantity),
    domainName,
    email,
  };

  const chooseProduct = (id: string) => {
    const next = products.find((p) => p.id === id);
    if (!next) return;
    if (!next.inStock) {
      toast({ title: CHECKOUT_TEXTS.productUnavailable, description: MESSAGES.outOfStockPicker, severity: 'warning' });
      return;
    }
    detailsForm.setValue('productId', id);
    detailsForm.clearErrors('productId');
    if (!fulfilmentFacts(next.fulfilment).asksForDomain) detailsForm.setValue('domainName', '');
    // docs/product.md "Fixed numbers": choosing a product sets its minimum (4000 for the bulk SSL keys).
    setQuantityText(String(next.minQuantity));
  };

  const continueToPayment = () => {
    // What the untouched fields stand for becomes what the form holds, then the shared rules check it.
    detailsForm.setValue('productId', productId);
    setQuantityText(String(quantity));
    detailsForm.setValue('email', email);
    void detailsForm.handleSubmit(
      (parsed) => {
        setDetails(parsed);
        setStep(1);
        window.scrollTo({ top: 0 });
      },
      (errors) => {
        // Each message under its field, the first field focused; the toast is the spec's summary.
        focusFirstError(messagesOf(errors), CHECKOUT_DETAILS_IDS);
        toast({ title: VALIDATION_ERROR_TITLE, description: firstMessage(errors), severity: 'error' });
      },
    )();
  };

  const pickProof = (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast({ title: CHECKOUT_TEXTS.validationError, description: MESSAGES.proofNotImage, severity: 'error' });
      return;
    }
    if (file.size > LIMITS.proofBytes) {
      toast({ title: CHECKOUT_TEXTS.validationError, description: MESSAGES.proofTooLarge, severity: 'error' });
      return;
    }
    paymentForm.setValue('proof', file);
  };

  const copy = async (what: 'amount' | 'address', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        ...(what === 'amount' ? CHECKOUT_TEXTS.amountCopied : CHECKOUT_TEXTS.addressCopied),
        severity: 'success',
      });
    } catch {
      toast({ ...CHECKOUT_TEXTS.copyFailed, severity: 'warning' });
    }
  };

  const submitPayment = () => {
    if (!details) return;
    void paymentForm.handleSubmit(
      (parsed) =>
        void placeOrder(
          {
            ...details,
            paymentMethod: method,
            transactionId: parsed.transactionId ?? null,
            quoteId: heldQuote?.id ?? null,
          },
          proof,
          {
            // The held price is no longer good (expired meanwhile): hold a new one and say why the amount changed.
            onQuoteRefused: (message) => {
              setQuoteNotice({ message, purchase: purchaseKey });
              held.refresh();
            },
          },
        ),
      (errors) => {
        focusFirstError(messagesOf(errors), { transactionId: CHECKOUT_TRANSACTION_ID });
        toast({ title: VALIDATION_ERROR_TITLE, description: firstMessage(errors), severity: 'error' });
      },
    )();
  };

  const heldQuote = held.quote?.paymentMethod === method ? held.quote : null;
  const amount: HeldQuoteView | null =
    heldQuote && heldQuote.cryptoAddress
      ? {
          amount: heldQuote.paymentAmountCrypto,
          currency: heldQuote.currency,
          totalPrice: heldQuote.totalPrice,
          address: heldQuote.cryptoAddress,
          qrSvg: heldQuote.paymentQrSvg,
          uri: heldQuote.paymentUri,
          rate: heldQuote.rate,
          expiresAt: heldQuote.expiresAt,
        }
      : null;
  let amountError: string | null = null;
  if (held.error) {
    const first = CombinedGraphQLErrors.is(held.error) ? held.error.errors[0] : undefined;
    const code = first?.extensions?.code;
    amountError =
      code === 'PRODUCT_UNAVAILABLE'
        ? withStockHint(first?.message ?? '')
        : // The server's words: rates for the currency are unavailable right now.
          code === 'PAYMENT_METHOD_UNAVAILABLE' && first?.message
          ? first.message
          : CHECKOUT_TEXTS.quoteFailed;
  }

  const pickable = openedWithProduct ? null : products.filter((p) => p.inStock);
  const quantityNote = product ? quantityHelp(product, quantityMax) : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1">
        Checkout
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        Step {step + 1} of 2
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ my: { xs: 3, md: 4 }, maxWidth: 560 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              {step === 0 ? (
                <CheckoutDetailsForm
                  values={values}
                  errors={messagesOf(detailsForm.formState.errors)}
                  pickableProducts={pickable}
                  chosenProductName={product?.name ?? null}
                  minQuantity={minQuantity}
                  maxQuantity={quantityMax}
                  quantityNote={quantityNote}
                  asksForDomain={asksForDomain}
                  onProductChange={chooseProduct}
                  onChange={(field, value) => {
                    if (field === 'quantity') setQuantityText(value);
                    else detailsForm.setValue(field, value);
                    detailsForm.clearErrors(field);
                  }}
                  onQuantityBlur={() => setQuantityText(String(quantity))}
                  onContinue={continueToPayment}
                />
              ) : (
                <CheckoutPaymentForm
                  methods={methods}
                  selectedMethod={method}
                  onMethodChange={(choice) => paymentForm.setValue('paymentMethod', choice)}
                  amount={amount}
                  amountError={amountError}
                  quoteNotice={quoteNotice?.purchase === purchaseKey ? quoteNotice.message : null}
                  refreshingQuote={held.loading}
                  onRefreshQuote={held.refresh}
                  transactionId={transactionId}
                  transactionIdError={paymentForm.formState.errors.transactionId?.message}
                  onTransactionIdChange={(value) => {
                    paymentForm.setValue('transactionId', value);
                    paymentForm.clearErrors('transactionId');
                  }}
                  proofName={proof?.name ?? null}
                  onProofPicked={pickProof}
                  onCopy={(what, text) => void copy(what, text)}
                  submitting={submitting}
                  captchaStatus={captchaStatus}
                  onSubmit={submitPayment}
                  onBack={() => {
                    // Within what step 1 now offers (the stock may have been read again meanwhile).
                    setQuantityText(String(quantity));
                    setStep(0);
                  }}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 92 } }}>
            <OrderSummaryCard summary={summary} />
            <PaymentInstructionsCard
              delivery={product ? fulfilmentFacts(product.fulfilment).deliveryPromise : null}
              onChainConfirmations={
                step === 1 && chosen?.available && chosen.confirmedOnChain
                  ? (chosen.requiredConfirmations ?? null)
                  : null
              }
            />
          </Stack>
        </Grid>
      </Grid>
    </Container>
  );
}

/**
 * The quantity's help text when the range is not the plain 'From 1 to 10,000': bulk-only products, and products with
 * fewer licence keys in stock than the input's maximum ('From 1 to 300 (300 in stock)').
 */
function quantityHelp(product: { minQuantity: number; availableQuantity: number | null }, max: number): string | null {
  const range = `from ${formatCount(product.minQuantity)} to ${formatCount(max)}`;
  const limited = product.availableQuantity !== null && product.availableQuantity < LIMITS.quantityInputMax;
  const stock = limited ? ` (${formatCount(product.availableQuantity ?? 0)} in stock)` : '';
  if (product.minQuantity > 1) return `Sold in bulk only: ${range}${stock}`;
  return limited ? `From ${formatCount(product.minQuantity)} to ${formatCount(max)}${stock}` : null;
}
