import Box from '@mui/material/Box';
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
import { PRODUCT_CATEGORY_LABELS } from '../../../../../common/labels';
import { formatUsd } from '../../../../../common/pricing';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import type { AdminProductRow_ProductFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';

const AdminProductRowFragment = graphql(/* GraphQL */ `
  fragment AdminProductRow_product on Product {
    id
    name
    slug
    category
    price
    active
    inStock
  }
`);

interface ProductStockListProps {
  products: FragmentType<typeof AdminProductRowFragment>[];
  /** Stock value being saved per product id. */
  pendingStock: Readonly<Record<string, boolean>>;
  onStockChange: (productId: string, name: string, inStock: boolean) => void;
}

type Product = AdminProductRow_ProductFragment;

/** Every product with its stock switch: a table on wide screens, a list of rows on phones. */
export function ProductStockList({ products: refs, pendingStock, onStockChange }: ProductStockListProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const products = refs.map((ref) => getFragmentData(AdminProductRowFragment, ref));

  const stockSwitch = (product: Product, withLabel: boolean) => {
    const checked = pendingStock[product.id] ?? product.inStock;
    const control = (
      <Switch
        checked={checked}
        disabled={product.id in pendingStock}
        color="success"
        onChange={(event) => onStockChange(product.id, product.name, event.target.checked)}
        slotProps={{ input: { role: 'switch', 'aria-label': `${product.name} in stock` } }}
      />
    );
    return withLabel ? (
      <FormControlLabel
        sx={{ m: 0, gap: 0.5, whiteSpace: 'nowrap' }}
        control={control}
        label={<StockLabel inStock={checked} />}
      />
    ) : (
      control
    );
  };

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
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {product.slug} · {formatUsd(product.price)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                  <ActiveChip active={product.active} />
                  <StockLabel inStock={pendingStock[product.id] ?? product.inStock} />
                </Stack>
              </Box>
              {stockSwitch(product, false)}
            </Stack>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer>
      <Table aria-label="Products">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, color: 'text.secondary' } }}>
            <TableCell>Product</TableCell>
            <TableCell>Slug</TableCell>
            <TableCell>Category</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell>Visibility</TableCell>
            <TableCell>Stock</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((product) => (
            <TableRow key={product.id} hover data-testid="admin-product">
              <TableCell sx={{ fontWeight: 600 }}>{product.name}</TableCell>
              <TableCell sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem' }}>{product.slug}</TableCell>
              <TableCell>{PRODUCT_CATEGORY_LABELS[product.category] ?? product.category}</TableCell>
              <TableCell align="right">{formatUsd(product.price)}</TableCell>
              <TableCell>
                <ActiveChip active={product.active} />
              </TableCell>
              <TableCell>{stockSwitch(product, true)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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

/** "In stock" / "Out of stock" beside the switch (the switch's own name says which product it is). */
function StockLabel({ inStock }: { inStock: boolean }) {
  return (
    <Typography
      variant="body2"
      aria-hidden
      sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: inStock ? 'success.main' : 'text.secondary' }}
    >
      {inStock ? 'In stock' : 'Out of stock'}
    </Typography>
  );
}
