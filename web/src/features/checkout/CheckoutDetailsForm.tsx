import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { errorProps } from '../../components/field-errors';
import { formatPrice } from '../../format/price';
import { CHECKOUT_TEXTS } from './checkout.texts';

export interface PickableProduct {
  id: string;
  name: string;
  price: number;
}

export interface CheckoutDetailsValues {
  productId: string | null;
  quantity: string;
  domainName: string;
  email: string;
}

/** The inputs' ids, in the form's order (the first one with a message is focused). */
export const CHECKOUT_DETAILS_IDS = {
  productId: 'checkout-product',
  quantity: 'checkout-quantity',
  domainName: 'checkout-domain',
  email: 'checkout-email',
} as const;

export interface CheckoutDetailsFormProps {
  values: CheckoutDetailsValues;
  /** Each field's message, shown under it (components/field-errors.ts). */
  errors?: Partial<Record<keyof CheckoutDetailsValues, string>>;
  /** In-stock products for the picker; null hides it (the product came with the address). */
  pickableProducts: PickableProduct[] | null;
  /** The chosen product's name when the picker is hidden. */
  chosenProductName: string | null;
  minQuantity: number;
  maxQuantity: number;
  /** Shown under the quantity, e.g. the bulk-only minimum. */
  quantityNote: string | null;
  /** The chosen product is issued for a domain (its kind's `asksForDomain`): only then is the domain asked. */
  asksForDomain: boolean;
  onProductChange: (productId: string) => void;
  onChange: (field: 'quantity' | 'domainName' | 'email', value: string) => void;
  /** Clamps the quantity to [min, max] (the input clamps: docs/product.md "Input rules"). */
  onQuantityBlur: () => void;
  onContinue: () => void;
}

/**
 * Checkout step 1 (docs/product.md "Checkout"): product picker, quantity, optional domain (for a product issued for a
 * domain only: common/fulfilment-kinds asksForDomain), email.
 */
export function CheckoutDetailsForm(props: CheckoutDetailsFormProps) {
  const { values, pickableProducts, chosenProductName, minQuantity, maxQuantity, quantityNote } = props;
  const errors = props.errors ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onContinue();
  };

  return (
    // noValidate: the store's own rules (and messages) decide, not the browser's.
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="details-title">
      <Typography id="details-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Order Details
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tell us what you need and where to send it.
      </Typography>
      <Stack spacing={2.5}>
        {pickableProducts ? (
          pickableProducts.length > 0 ? (
            <TextField
              id={CHECKOUT_DETAILS_IDS.productId}
              select
              label="Product"
              value={values.productId ?? ''}
              onChange={(event) => props.onProductChange(event.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              {...errorProps(errors.productId, 'Only products in stock are listed.')}
            >
              <option value="" disabled>
                Choose a product
              </option>
              {pickableProducts.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name} - {formatPrice(product.price)}
                </option>
              ))}
            </TextField>
          ) : (
            <Alert severity="info">No products are in stock right now. Please check back later.</Alert>
          )
        ) : (
          chosenProductName && (
            <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                Product
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{chosenProductName}</Typography>
            </Box>
          )
        )}
        <TextField
          id={CHECKOUT_DETAILS_IDS.quantity}
          label="Quantity"
          type="number"
          required
          value={values.quantity}
          onChange={(event) => props.onChange('quantity', event.target.value)}
          onBlur={props.onQuantityBlur}
          error={!!errors.quantity}
          helperText={
            errors.quantity ??
            quantityNote ??
            `From ${minQuantity.toLocaleString('en-US')} to ${maxQuantity.toLocaleString('en-US')}`
          }
          slotProps={{ htmlInput: { min: minQuantity, max: maxQuantity, step: 1, inputMode: 'numeric' } }}
        />
        {props.asksForDomain ? (
          <TextField
            id={CHECKOUT_DETAILS_IDS.domainName}
            error={!!errors.domainName}
            label="Domain (optional)"
            value={values.domainName}
            onChange={(event) => props.onChange('domainName', event.target.value)}
            placeholder="example.com"
            helperText={errors.domainName ?? 'The domain the certificate is for, if any.'}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        ) : null}
        <TextField
          id={CHECKOUT_DETAILS_IDS.email}
          error={!!errors.email}
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(event) => props.onChange('email', event.target.value)}
          helperText={
            errors.email ??
            (props.asksForDomain
              ? 'Your order details and certificate go to this address.'
              : 'Your order details go to this address.')
          }
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon aria-hidden />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {CHECKOUT_TEXTS.continueToPayment}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
