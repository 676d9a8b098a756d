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
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  get,
  useController,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFieldArrayReturn,
} from 'react-hook-form';
import { FULFILMENT_KINDS, fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { PRODUCT_CATEGORY_LABELS } from '../../../../../common/labels';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  productInputSchema,
  type ParsedProductInput,
} from '../../../../../common/validation';
import { useToast } from '../../../components/toast';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { Fulfilment, ProductEditor_ProductFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
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
  /** Named as ProductInput names them, so the shared rules' error paths ('priceTiers.0.unitPrice') are field names. */
  priceTiers: { minQuantity: string; unitPrice: string }[];
  features: { text: string }[];
}

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
    priceTiers: (product?.priceTiers ?? []).map((t) => ({
      minQuantity: String(t.minQuantity),
      unitPrice: String(t.unitPrice),
    })),
    features: (product?.features ?? []).map((text) => ({ text })),
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

const checkProductInput = zodResolver(productInputSchema);

/**
 * The shared rules (common/validation.ts productInputSchema) through zodResolver, on the values as the API takes
 * them: numbers from their text, features as strings. The fulfilment is an enum GraphQL checks itself.
 */
const productResolver: Resolver<FormValues, unknown, ParsedProductInput> = (values, context, options) =>
  checkProductInput(
    {
      name: values.name,
      slug: values.slug,
      category: values.category as ParsedProductInput['category'],
      description: values.description,
      longDescription: values.longDescription,
      price: typedNumber(values.price) as number,
      minQuantity: typedNumber(values.minQuantity) as number,
      priceTiers: values.priceTiers.map((t) => ({
        minQuantity: typedNumber(t.minQuantity) as number,
        unitPrice: typedNumber(t.unitPrice) as number,
      })),
      features: values.features.map((f) => f.text),
      active: values.active,
    },
    context,
    options as never,
  ) as ReturnType<Resolver<FormValues, unknown, ParsedProductInput>>;

/** The message for one field path ('price', 'priceTiers.0.unitPrice', 'features.1'), or for a list as a whole. */
function messageAt(errors: FieldErrors<FormValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** The image's error: not a form value, so a root error (cleared, as every other, by the next save). */
const IMAGE_ERROR = 'root.image' as const;

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
  const { control, handleSubmit, setValue, setError, clearErrors, getValues, formState } = useForm<
    FormValues,
    unknown,
    ParsedProductInput
  >({
    defaultValues: initialValues(product),
    resolver: productResolver,
    // Errors stay until the next save, as the API's would; focus goes to the first one on screen (below).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const tiers = useFieldArray({ control, name: 'priceTiers' });
  const features = useFieldArray({ control, name: 'features' });
  const [slugEdited, setSlugEdited] = useState(!!product);
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const slug = useWatch({ control, name: 'slug' });
  const fulfilment = useWatch({ control, name: 'fulfilment' });

  // After each save that did not close the form (the rules' or the server's refusal), focus goes to the first field
  // with an error, in the order they are on screen. The count arrives with the save's errors, in the same render.
  const { submitCount } = formState;
  useEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const saveValid = async (input: ParsedProductInput) => {
    setFormError(null);
    try {
      const saved = await save(
        product?.id ?? null,
        { ...input, fulfilment: getValues('fulfilment') },
        image?.file ?? null,
      );
      if (saved) {
        toast({
          title: product ? 'Product saved' : 'Product created',
          description: saved.name,
          severity: 'success',
        });
        onDone();
      }
    } catch (error) {
      const refusal = saveRefusal(error);
      if (refusal.fieldErrors.length > 0) {
        // The first message per field, under its field (the image's under the picker).
        for (const { field, message } of [...refusal.fieldErrors].reverse()) {
          setError(field === 'image' ? IMAGE_ERROR : (field as FieldPath<FormValues>), { type: 'server', message });
        }
      } else {
        setFormError(refusal.message);
      }
    }
  };

  const showInvalid = () => setFormError(null);

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    clearErrors(IMAGE_ERROR);
    if (!IMAGE_ACCEPT.split(',').includes(file.type)) {
      setError(IMAGE_ERROR, { message: PRODUCT_MESSAGES.imageNotImage });
      return;
    }
    if (file.size > PRODUCT_LIMITS.imageBytes) {
      setError(IMAGE_ERROR, { message: PRODUCT_MESSAGES.imageTooLarge });
      return;
    }
    // A data: URL, not a blob: one: the store's Content-Security-Policy allows images from 'self' and data: only.
    const reader = new FileReader();
    reader.onload = () => setImage({ file, preview: String(reader.result) });
    reader.readAsDataURL(file);
  };

  /** A text field's error or help text. */
  const feedback = (path: string, help?: string) => {
    const message = messageAt(errors, path);
    return { error: !!message, helperText: message ?? help };
  };

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(saveValid, showInvalid)(event)}
      aria-labelledby="product-editor-title"
      // A flex column like the dialog's paper: the title and the buttons stay put while the fields scroll.
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogTitle id="product-editor-title">{product ? `Edit ${product.name}` : 'New product'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Section title="Product">
            <FormTextField
              control={control}
              name="name"
              id={NAME_FIELD_ID}
              label="Name"
              {...feedback('name')}
              onValueChange={(name) => {
                if (!slugEdited) setValue('slug', slugFrom(name));
              }}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.name + 20 } }}
            />
            <FormTextField
              control={control}
              name="slug"
              label="Slug"
              {...feedback('slug', `The product's address: /products/${slug || 'your-slug'}`)}
              onValueChange={() => setSlugEdited(true)}
              required
              fullWidth
              slotProps={{
                htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-testid': 'product-slug' },
              }}
              sx={{ '& input': { fontFamily: MONOSPACE_FONT } }}
            />
            <FormTextField
              control={control}
              name="category"
              select
              label="Category"
              {...feedback('category')}
              required
              fullWidth
            >
              {PRODUCT_CATEGORIES.map((key) => (
                <MenuItem key={key} value={key}>
                  {PRODUCT_CATEGORY_LABELS[key]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="description"
              label="Description"
              {...feedback('description', 'The summary shown on product cards')}
              required
              fullWidth
              multiline
              minRows={2}
            />
            <FormTextField
              control={control}
              name="longDescription"
              label="Long description"
              {...feedback('longDescription', 'Shown on the product page (optional)')}
              fullWidth
              multiline
              minRows={4}
            />
          </Section>

          <Section title="Price and delivery">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="price"
                label="Price"
                {...feedback('price', 'Unit price in dollars')}
                required
                fullWidth
                slotProps={DOLLAR_SLOTS}
              />
              <FormTextField
                control={control}
                name="minQuantity"
                label="Minimum quantity"
                {...feedback('minQuantity', 'The smallest order (1 for most products)')}
                required
                fullWidth
                slotProps={WHOLE_NUMBER_SLOTS}
              />
            </Stack>
            <TierEditor control={control} tiers={tiers} errors={errors} />
            <FormTextField
              control={control}
              name="fulfilment"
              select
              label="Fulfilment"
              required
              fullWidth
              {...feedback('fulfilment', fulfilmentFacts(fulfilment).helpText)}
            >
              {FULFILMENT_KINDS.map((kind) => (
                <MenuItem key={kind.key} value={kind.key}>
                  {kind.label}
                </MenuItem>
              ))}
            </FormTextField>
            <ActiveSwitch control={control} />
          </Section>

          <FeatureEditor control={control} features={features} errors={errors} />

          <ImagePicker
            current={image?.preview ?? product?.image ?? null}
            fileName={image?.file.name ?? null}
            error={messageAt(errors, IMAGE_ERROR)}
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

type TextFieldName =
  | 'name'
  | 'slug'
  | 'category'
  | 'description'
  | 'longDescription'
  | 'price'
  | 'minQuantity'
  | 'fulfilment'
  | `priceTiers.${number}.minQuantity`
  | `priceTiers.${number}.unitPrice`
  | `features.${number}.text`;

/** A TextField bound to one text value of the form (controlled, so a value set by the form shows at once). */
function FormTextField({
  control,
  name,
  onValueChange,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'> & {
  control: Control<FormValues, unknown, ParsedProductInput>;
  name: TextFieldName;
  /** Called after the value changed by typing (not by the form). */
  onValueChange?: (value: string) => void;
}) {
  const { field } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
    />
  );
}

function ActiveSwitch({ control }: { control: Control<FormValues, unknown, ParsedProductInput> }) {
  const { field } = useController({ control, name: 'active' });
  return (
    <Box>
      <FormControlLabel
        sx={{ m: 0, gap: 1 }}
        control={
          <Switch
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { role: 'switch', 'aria-describedby': 'product-active-help' } }}
          />
        }
        label="Active"
      />
      <FormHelperText id="product-active-help" sx={{ mt: 0 }}>
        Active products are listed in the store; inactive ones are hidden from customers.
      </FormHelperText>
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

type Rows<N extends 'priceTiers' | 'features'> = UseFieldArrayReturn<FormValues, N>;

function TierEditor({
  control,
  tiers,
  errors,
}: {
  control: Control<FormValues, unknown, ParsedProductInput>;
  tiers: Rows<'priceTiers'>;
  errors: FieldErrors<FormValues>;
}) {
  const listError = messageAt(errors, 'priceTiers');
  return (
    <Box>
      <Typography id="price-tiers-label" variant="body2" sx={{ fontWeight: 600 }}>
        Bulk price tiers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        From a quantity on, every unit costs the tier&apos;s price. Quantities ascending, at least the minimum.
      </Typography>
      <Stack spacing={1.5} role="group" aria-labelledby="price-tiers-label">
        {tiers.fields.map((tier, index) => {
          const quantityError = messageAt(errors, `priceTiers.${index}.minQuantity`);
          const priceError = messageAt(errors, `priceTiers.${index}.unitPrice`);
          return (
            <Stack key={tier.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {/* On phones the two fields stack, so their labels are read whole. */}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 1 }} sx={{ flex: 1, minWidth: 0 }}>
                <FormTextField
                  control={control}
                  name={`priceTiers.${index}.minQuantity`}
                  label={`Tier ${index + 1} from quantity`}
                  size="small"
                  fullWidth
                  error={!!quantityError}
                  helperText={quantityError}
                  slotProps={WHOLE_NUMBER_SLOTS}
                />
                <FormTextField
                  control={control}
                  name={`priceTiers.${index}.unitPrice`}
                  label={`Tier ${index + 1} unit price`}
                  size="small"
                  fullWidth
                  error={!!priceError}
                  helperText={priceError}
                  slotProps={DOLLAR_SLOTS}
                />
              </Stack>
              <IconButton aria-label={`Remove tier ${index + 1}`} onClick={() => tiers.remove(index)} sx={{ mt: 0.25 }}>
                <DeleteOutlinedIcon aria-hidden />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon aria-hidden />}
        onClick={() => tiers.append({ minQuantity: '', unitPrice: '' }, { shouldFocus: false })}
        disabled={tiers.fields.length >= PRODUCT_LIMITS.priceTiers}
        sx={{ mt: 1 }}
      >
        Add tier
      </Button>
    </Box>
  );
}

function FeatureEditor({
  control,
  features,
  errors,
}: {
  control: Control<FormValues, unknown, ParsedProductInput>;
  features: Rows<'features'>;
  errors: FieldErrors<FormValues>;
}) {
  const listError = messageAt(errors, 'features');
  return (
    <Section title="Features">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        Short lines listed on the product page (at most {PRODUCT_LIMITS.features}).
      </Typography>
      {features.fields.map((feature, index) => {
        // The rules name a feature by its place ('features.1'); the field holds its text.
        const message = messageAt(errors, `features.${index}`) ?? messageAt(errors, `features.${index}.text`);
        return (
          <Stack key={feature.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name={`features.${index}.text`}
              label={`Feature ${index + 1}`}
              size="small"
              fullWidth
              error={!!message}
              helperText={message}
            />
            <IconButton
              aria-label={`Remove feature ${index + 1}`}
              onClick={() => features.remove(index)}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlinedIcon aria-hidden />
            </IconButton>
          </Stack>
        );
      })}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Box>
        <Button
          startIcon={<AddIcon aria-hidden />}
          onClick={() => features.append({ text: '' }, { shouldFocus: false })}
          disabled={features.fields.length >= PRODUCT_LIMITS.features}
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
