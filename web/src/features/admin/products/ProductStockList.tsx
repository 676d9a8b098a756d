import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { PRODUCT_CATEGORY_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminProductRow_ProductFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';
import { useCan } from '../adminAccess';
import { ProductKeysSection, type KeyedProduct } from './ProductKeysSection';

const AdminProductRowFragment = graphql(/* GraphQL */ `
  fragment AdminProductRow_product on Product {
    id
    name
    slug
    category
    price
    active
    inStock
    fulfilment
    availableQuantity
    minQuantity
  }
`);

interface ProductStockListProps {
  products: readonly FragmentType<typeof AdminProductRowFragment>[];
  /** Stock value being saved per product id. */
  pendingStock: Readonly<Record<string, boolean>>;
  onStockChange: (productId: string, name: string, inStock: boolean) => void;
  onImportKeys: (product: KeyedProduct) => void;
  onRevokeKey: (product: KeyedProduct) => void;
  /** Opens the catalogue editor for this product. */
  onEdit: (productId: string) => void;
}

type Product = AdminProductRow_ProductFragment;

/**
 * Every product with its Edit button, its stock switch and how it is delivered; a product stocked by licence keys also shows its keys
 * by status and the buttons to import keys and revoke one. A table on wide screens, a list of rows on phones.
 */
export function ProductStockList({
  products: refs,
  pendingStock,
  onStockChange,
  onImportKeys,
  onRevokeKey,
  onEdit,
}: ProductStockListProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const products = refs.map((ref) => getFragmentData(AdminProductRowFragment, ref));

  // Prices and descriptions need CATALOGUE; the stock switch and licence keys KEYS (docs/staff-and-permissions.md).
  const canEdit = useCan('CATALOGUE');
  const canStock = useCan('KEYS');
  const stockSwitch = (product: Product, withLabel: boolean) =>
    canStock ? (
      <StockSwitch
        product={product}
        checked={pendingStock[product.id] ?? product.inStock}
        saving={product.id in pendingStock}
        withLabel={withLabel}
        onChange={(inStock) => onStockChange(product.id, product.name, inStock)}
      />
    ) : withLabel ? (
      <StockLabel product={product} inStock={product.inStock} />
    ) : null;
  const edit = (product: Product) =>
    canEdit ? (
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditOutlinedIcon aria-hidden />}
        onClick={() => onEdit(product.id)}
        aria-label={`Edit ${product.name}`}
        data-testid="edit-product"
      >
        Edit
      </Button>
    ) : null;
  const keys = (product: Product) =>
    canStock ? <ProductKeysSection product={product} onImport={onImportKeys} onRevoke={onRevokeKey} /> : null;

  if (narrow) {
    return (
      <Box component="ul" aria-label="Products" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {products.map((product) => (
          <Box
            component="li"
            key={product.id}
            data-testid="admin-product"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {product.slug} · {formatUsd(product.price)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                  <ActiveChip active={product.active} />
                  <StockLabel product={product} inStock={pendingStock[product.id] ?? product.inStock} />
                </Stack>
                <StockHelp product={product} sx={{ mt: 0.25 }} />
                <Box sx={{ mt: 1 }}>{edit(product)}</Box>
              </Box>
              {stockSwitch(product, false)}
            </Stack>
            <Box sx={{ mt: 1.25 }}>{keys(product)}</Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer>
      <Table aria-label="Products" sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell>Product</TableCell>
            <TableCell>Category</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell>Visibility</TableCell>
            <TableCell>Delivery and licence keys</TableCell>
            <TableCell>Stock</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((product) => (
            <TableRow key={product.id} hover data-testid="admin-product">
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {product.name}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
                >
                  {product.slug}
                </Typography>
                <Box sx={{ mt: 0.75 }}>{edit(product)}</Box>
              </TableCell>
              <TableCell>{PRODUCT_CATEGORY_LABELS[product.category] ?? product.category}</TableCell>
              <TableCell align="right">{formatUsd(product.price)}</TableCell>
              <TableCell>
                <ActiveChip active={product.active} />
              </TableCell>
              <TableCell>{keys(product)}</TableCell>
              <TableCell>{stockSwitch(product, true)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Ids of a product's stock texts that its switch is described by. */
const stockHelpId = (product: Product) => `stock-help-${product.id}`;
const stockStateId = (product: Product) => `stock-state-${product.id}`;

/** Not enough available keys for the minimum quantity: off for sale whatever the switch says. */
function keysShort(product: Product): boolean {
  return fulfilmentFacts(product.fulfilment).stockedByKeys && (product.availableQuantity ?? 0) < product.minQuantity;
}

/**
 * The admin's stock switch. For a MANUAL product it is the stock ("in stock"); for one stocked by licence keys it
 * pauses or resumes sales ("on sale"), the stock itself being its keys: the product is on sale when the switch is on
 * and enough keys are available for its minimum quantity. Its description says so (and when keys are short).
 */
function StockSwitch({
  product,
  checked,
  saving,
  withLabel,
  onChange,
}: {
  product: Product;
  checked: boolean;
  saving: boolean;
  withLabel: boolean;
  onChange: (inStock: boolean) => void;
}) {
  const keyed = fulfilmentFacts(product.fulfilment).stockedByKeys;
  const describedBy = keyed
    ? [keysShort(product) && !checked ? stockStateId(product) : null, stockHelpId(product)].filter(Boolean).join(' ')
    : undefined;
  const control = (
    <Switch
      checked={checked}
      disabled={saving}
      color="success"
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{
        input: {
          role: 'switch',
          'aria-label': `${product.name} ${keyed ? 'on sale' : 'in stock'}`,
          'aria-describedby': describedBy,
        },
      }}
    />
  );
  if (!withLabel) return <Box sx={{ flexShrink: 0 }}>{control}</Box>;
  return (
    <Box>
      <FormControlLabel
        sx={{ m: 0, gap: 0.5, whiteSpace: 'nowrap' }}
        control={control}
        label={<StockLabel product={product} inStock={checked} />}
      />
      <StockHelp product={product} sx={{ maxWidth: 180 }} />
    </Box>
  );
}

/** "Stock follows the licence keys" under the switch of a product stocked by keys. */
function StockHelp({ product, sx }: { product: Product; sx?: object }) {
  if (!fulfilmentFacts(product.fulfilment).stockedByKeys) return null;
  return (
    <Typography id={stockHelpId(product)} variant="caption" color="text.secondary" sx={{ display: 'block', ...sx }}>
      Stock follows the licence keys
    </Typography>
  );
}

function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      variant={active ? 'filled' : 'outlined'}
      color={active ? 'primary' : 'default'}
    />
  );
}

/**
 * The state beside the switch (the switch's own name says which product it is): "In stock" / "Out of stock", or for
 * a product stocked by keys "On sale", "Paused", or "Not enough keys" when its available keys are fewer than its
 * minimum quantity (the switch may be on: the API gives only the outcome).
 */
function StockLabel({ product, inStock }: { product: Product; inStock: boolean }) {
  let text: string;
  if (!fulfilmentFacts(product.fulfilment).stockedByKeys) text = inStock ? 'In stock' : 'Out of stock';
  else if (inStock) text = 'On sale';
  else text = keysShort(product) ? 'Not enough keys' : 'Paused';
  return (
    <Typography
      id={stockStateId(product)}
      variant="body2"
      aria-hidden
      data-testid="stock-state"
      sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: inStock ? 'success.main' : 'text.secondary' }}
    >
      {text}
    </Typography>
  );
}
