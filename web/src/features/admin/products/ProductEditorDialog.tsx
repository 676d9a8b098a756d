import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { PRODUCT_CATEGORY_LABELS } from '../../../../../common/labels';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  productInputSchema,
  toFieldErrors,
  type FieldError,
} from '../../../../../common/validation';
import { useToast } from '../../../components/toast';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { Fulfilment, ProductEditor_ProductFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { FULFILMENT_LABELS } from './keyLabels';
import { ProductEditorFragment, saveRefusal, useSaveProduct } from './productEditor';

const NAME_FIELD_ID = 'product-editor-name';

/** Slot props of a whole-number field and of a dollar field (a phone shows the matching keyboard). */
const WHOLE_NUMBER_SLOTS = { htmlInput: { inputMode: 'numeric' } } as const;
const DOLLAR_SLOTS = {
  htmlInput: { inputMode: 'decimal' },
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
} as const;

/** Image types the server accepts (it checks the bytes; the picker only offers these). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

const FULFILMENT_HELP: Record<Fulfilment, string> = {
  KEYS: 'Sold from imported licence keys, delivered when the payment is confirmed. Stock follows the keys.',
  DOWNLOAD: 'A file plus a licence key from stock, delivered when the payment is confirmed.',
  MANUAL: 'An admin delivers each order (e.g. a certificate issued for a domain). Stock is the switch in the list.',
};

interface ProductEditorDialogProps {
  /** Open for this product, or for a new one ('new'); null when closed. */
  target: FragmentType<typeof ProductEditorFragment> | 'new' | null;
  onClose: () => void;
}

/**
 * The catalogue editor (docs/product.md "Catalogue editor"): every field of a product, its price tiers and features
 * as editable rows, and an image. The shared rules (common/validation.ts) check the form before it is sent; what the
 * server refuses (a taken slug, a file that is not an image) comes back as field errors shown under their field.
 * Full-screen on phones.
 */
export function ProductEditorDialog({ target, onClose }: ProductEditorDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { save, saving } = useSaveProduct();
  const product = target && target !== 'new' ? getFragmentData(ProductEditorFragment, target) : null;
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Dialog
      open={!!target}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="product-editor-title"
      // After the opening transition, when the dialog's focus trap has settled: the first field, ready to type.
      slotProps={{ transition: { onEntered: () => document.getElementById(NAME_FIELD_ID)?.focus() } }}
    >
      {target ? (
        // Keyed by product: opening another one starts from its values.
        <EditorForm key={product?.id ?? 'new'} product={product} saving={saving} save={save} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

interface TierRow {
  key: number;
  minQuantity: string;
  unitPrice: string;
}

interface FeatureRow {
  key: number;
  text: string;
}

type TextKey = 'name' | 'slug' | 'category' | 'description' | 'longDescription' | 'price' | 'minQuantity';

/** The form's values as typed (numbers as text, so a half-typed price stays what the admin sees). */
interface FormValues {
  name: string;
  slug: string;
  category: string;
  description: string;
  longDescription: string;
  price: string;
  minQuantity: string;
  fulfilment: Fulfilment;
  active: boolean;
  tiers: TierRow[];
  features: FeatureRow[];
}

let rowKeys = 0;
const nextKey = () => ++rowKeys;

function initialValues(product: ProductEditor_ProductFragment | null): FormValues {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    category: product?.category ?? '',
    description: product?.description ?? '',
    longDescription: product?.longDescription ?? '',
    price: product ? String(product.price) : '',
    minQuantity: String(product?.minQuantity ?? 1),
    fulfilment: product?.fulfilment ?? 'KEYS',
    active: product?.active ?? true,
    tiers: (product?.priceTiers ?? []).map((t) => ({
      key: nextKey(),
      minQuantity: String(t.minQuantity),
      unitPrice: String(t.unitPrice),
    })),
    features: (product?.features ?? []).map((text) => ({ key: nextKey(), text })),
  };
}

/** "Bitcoin Bot 2.0" → "bitcoin-bot-2-0": a slug proposed from the name of a new product. */
function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_LIMITS.slug)
    .replace(/-+$/, '');
}

/** A typed number: empty is "not given" (the rules' required message), anything else as JavaScript reads it. */
function typedNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The first message per field path ('price', 'priceTiers.0.unitPrice', 'features.1', 'image', …). */
function byField(fieldErrors: readonly FieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrors) errors[field] ??= message;
  return errors;
}

function EditorForm({
  product,
  saving,
  save,
  onDone,
}: {
  product: ProductEditor_ProductFragment | null;
  saving: boolean;
  save: ReturnType<typeof useSaveProduct>['save'];
  onDone: () => void;
}) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => initialValues(product));
  const [slugEdited, setSlugEdited] = useState(!!product);
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const setName = (name: string) =>
    setValues((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugFrom(name) }));

  /** Moves focus to the first field with an error once React has shown it. */
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = productInputSchema.safeParse({
      name: values.name,
      slug: values.slug,
      category: values.category,
      description: values.description,
      longDescription: values.longDescription,
      price: typedNumber(values.price),
      minQuantity: typedNumber(values.minQuantity),
      priceTiers: values.tiers.map((t) => ({
        minQuantity: typedNumber(t.minQuantity),
        unitPrice: typedNumber(t.unitPrice),
      })),
      features: values.features.map((f) => f.text),
      active: values.active,
    });
    setFormError(null);
    if (!parsed.success) {
      setErrors(byField(toFieldErrors(parsed.error)));
      focusFirstError();
      return;
    }
    setErrors({});
    try {
      const saved = await save(
        product?.id ?? null,
        { ...parsed.data, fulfilment: values.fulfilment },
        image?.file ?? null,
      );
      if (saved) {
        toast({ title: product ? 'Product saved' : 'Product created', description: saved.name, severity: 'success' });
        onDone();
      }
    } catch (error) {
      const refusal = saveRefusal(error);
      if (refusal.fieldErrors.length > 0) {
        setErrors(byField(refusal.fieldErrors));
        focusFirstError();
      } else {
        setFormError(refusal.message);
      }
    }
  };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { image: _old, ...rest } = errors;
    if (!IMAGE_ACCEPT.split(',').includes(file.type)) {
      setErrors({ ...rest, image: PRODUCT_MESSAGES.imageNotImage });
      return;
    }
    if (file.size > PRODUCT_LIMITS.imageBytes) {
      setErrors({ ...rest, image: PRODUCT_MESSAGES.imageTooLarge });
      return;
    }
    setErrors(rest);
    // A data: URL, not a blob: one: the store's Content-Security-Policy allows images from 'self' and data: only.
    const reader = new FileReader();
    reader.onload = () => setImage({ file, preview: String(reader.result) });
    reader.readAsDataURL(file);
  };

  /** A text field's value, change handler and error or help text, for one of the form's text values. */
  const bind = (key: TextKey, help?: string) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    error: !!errors[key],
    helperText: errors[key] ?? help,
  });

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="product-editor-title"
      // A flex column like the dialog's paper: the title and the buttons stay put while the fields scroll.
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogTitle id="product-editor-title">{product ? `Edit ${product.name}` : 'New product'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Section title="Product">
            <TextField
              id={NAME_FIELD_ID}
              label="Name"
              {...bind('name')}
              onChange={(e) => setName(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.name + 20 } }}
            />
            <TextField
              label="Slug"
              {...bind('slug', `The product's address: /products/${values.slug || 'your-slug'}`)}
              onChange={(e) => {
                setSlugEdited(true);
                set('slug', e.target.value);
              }}
              required
              fullWidth
              slotProps={{
                htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-testid': 'product-slug' },
              }}
              sx={{ '& input': { fontFamily: MONOSPACE_FONT } }}
            />
            <TextField select label="Category" {...bind('category')} required fullWidth>
              {PRODUCT_CATEGORIES.map((key) => (
                <MenuItem key={key} value={key}>
                  {PRODUCT_CATEGORY_LABELS[key]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              {...bind('description', 'The summary shown on product cards')}
              required
              fullWidth
              multiline
              minRows={2}
            />
            <TextField
              label="Long description"
              {...bind('longDescription', 'Shown on the product page (optional)')}
              fullWidth
              multiline
              minRows={4}
            />
          </Section>

          <Section title="Price and delivery">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Price"
                {...bind('price', 'Unit price in dollars')}
                required
                fullWidth
                slotProps={DOLLAR_SLOTS}
              />
              <TextField
                label="Minimum quantity"
                {...bind('minQuantity', 'The smallest order (1 for most products)')}
                required
                fullWidth
                slotProps={WHOLE_NUMBER_SLOTS}
              />
            </Stack>
            <TierEditor tiers={values.tiers} errors={errors} onChange={(tiers) => set('tiers', tiers)} />
            <TextField
              select
              label="Fulfilment"
              value={values.fulfilment}
              onChange={(e) => set('fulfilment', e.target.value as Fulfilment)}
              required
              fullWidth
              error={!!errors.fulfilment}
              helperText={errors.fulfilment ?? FULFILMENT_HELP[values.fulfilment]}
            >
              {(Object.keys(FULFILMENT_LABELS) as Fulfilment[]).map((key) => (
                <MenuItem key={key} value={key}>
                  {FULFILMENT_LABELS[key]}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <FormControlLabel
                sx={{ m: 0, gap: 1 }}
                control={
                  <Switch
                    checked={values.active}
                    onChange={(e) => set('active', e.target.checked)}
                    slotProps={{ input: { role: 'switch', 'aria-describedby': 'product-active-help' } }}
                  />
                }
                label="Active"
              />
              <FormHelperText id="product-active-help" sx={{ mt: 0 }}>
                Active products are listed in the store; inactive ones are hidden from customers.
              </FormHelperText>
            </Box>
          </Section>

          <FeatureEditor features={values.features} errors={errors} onChange={(f) => set('features', f)} />

          <ImagePicker
            current={image?.preview ?? product?.image ?? null}
            fileName={image?.file.name ?? null}
            error={errors.image}
            onChoose={chooseImage}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={saving}>
          {saving ? 'Saving...' : product ? 'Save changes' : 'Create product'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** A titled group of fields (a fieldset and its legend, so screen readers announce the group). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, p: 0, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

function TierEditor({
  tiers,
  errors,
  onChange,
}: {
  tiers: TierRow[];
  errors: Record<string, string>;
  onChange: (tiers: TierRow[]) => void;
}) {
  const update = (key: number, change: Partial<TierRow>) =>
    onChange(tiers.map((t) => (t.key === key ? { ...t, ...change } : t)));
  return (
    <Box>
      <Typography id="price-tiers-label" variant="body2" sx={{ fontWeight: 600 }}>
        Bulk price tiers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        From a quantity on, every unit costs the tier&apos;s price. Quantities ascending, at least the minimum.
      </Typography>
      <Stack spacing={1.5} role="group" aria-labelledby="price-tiers-label">
        {tiers.map((tier, index) => (
          <Stack key={tier.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {/* On phones the two fields stack, so their labels are read whole. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 1 }} sx={{ flex: 1, minWidth: 0 }}>
              <TextField
                label={`Tier ${index + 1} from quantity`}
                value={tier.minQuantity}
                onChange={(e) => update(tier.key, { minQuantity: e.target.value })}
                size="small"
                fullWidth
                error={!!errors[`priceTiers.${index}.minQuantity`]}
                helperText={errors[`priceTiers.${index}.minQuantity`]}
                slotProps={WHOLE_NUMBER_SLOTS}
              />
              <TextField
                label={`Tier ${index + 1} unit price`}
                value={tier.unitPrice}
                onChange={(e) => update(tier.key, { unitPrice: e.target.value })}
                size="small"
                fullWidth
                error={!!errors[`priceTiers.${index}.unitPrice`]}
                helperText={errors[`priceTiers.${index}.unitPrice`]}
                slotProps={DOLLAR_SLOTS}
              />
            </Stack>
            <IconButton
              aria-label={`Remove tier ${index + 1}`}
              onClick={() => onChange(tiers.filter((t) => t.key !== tier.key))}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlinedIcon aria-hidden />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {errors.priceTiers ? <FormHelperText error>{errors.priceTiers}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon aria-hidden />}
        onClick={() => onChange([...tiers, { key: nextKey(), minQuantity: '', unitPrice: '' }])}
        disabled={tiers.length >= PRODUCT_LIMITS.priceTiers}
        sx={{ mt: 1 }}
      >
        Add tier
      </Button>
    </Box>
  );
}

function FeatureEditor({
  features,
  errors,
  onChange,
}: {
  features: FeatureRow[];
  errors: Record<string, string>;
  onChange: (features: FeatureRow[]) => void;
}) {
  return (
    <Section title="Features">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        Short lines listed on the product page (at most {PRODUCT_LIMITS.features}).
      </Typography>
      {features.map((feature, index) => (
        <Stack key={feature.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={`Feature ${index + 1}`}
            value={feature.text}
            onChange={(e) =>
              onChange(features.map((f) => (f.key === feature.key ? { ...f, text: e.target.value } : f)))
            }
            size="small"
            fullWidth
            error={!!errors[`features.${index}`]}
            helperText={errors[`features.${index}`]}
          />
          <IconButton
            aria-label={`Remove feature ${index + 1}`}
            onClick={() => onChange(features.filter((f) => f.key !== feature.key))}
            sx={{ mt: 0.25 }}
          >
            <DeleteOutlinedIcon aria-hidden />
          </IconButton>
        </Stack>
      ))}
      {errors.features ? <FormHelperText error>{errors.features}</FormHelperText> : null}
      <Box>
        <Button
          startIcon={<AddIcon aria-hidden />}
          onClick={() => onChange([...features, { key: nextKey(), text: '' }])}
          disabled={features.length >= PRODUCT_LIMITS.features}
        >
          Add feature
        </Button>
      </Box>
    </Section>
  );
}

function ImagePicker({
  current,
  fileName,
  error,
  onChoose,
}: {
  current: string | null;
  fileName: string | null;
  error: string | undefined;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputId = useId();
  const helpId = useId();
  return (
    <Section title="Image">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: { xs: '100%', sm: 200 },
            aspectRatio: '4 / 3',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'rgba(11,31,58,0.06)',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          {current ? (
            <Box
              component="img"
              src={current}
              alt="Product image preview"
              data-testid="product-image-preview"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          )}
        </Box>
        {/* Positioned: the hidden input is placed inside it, not at the paper's edge (where it made the paper scroll). */}
        <Box sx={{ minWidth: 0, position: 'relative' }}>
          {/* The native input stays in the tab order (visually hidden), so the keyboard reaches the picker. */}
          <Box
            component="input"
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onChoose}
            aria-describedby={helpId}
            aria-invalid={error ? true : undefined}
            data-testid="product-image-input"
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: 1,
              height: 1,
              opacity: 0,
              overflow: 'hidden',
              '&:focus-visible + label': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<ImageOutlinedIcon aria-hidden />}>
            {current ? 'Replace image' : 'Choose image'}
          </Button>
          <Typography id={helpId} variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
            {error ?? (fileName ? `Selected: ${fileName}` : 'JPEG, PNG, WebP or GIF, at most 5 MB.')}
          </Typography>
        </Box>
      </Stack>
    </Section>
  );
}
