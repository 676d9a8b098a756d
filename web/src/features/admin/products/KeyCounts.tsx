import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KeyStockCounts } from './keyInventory';
import { formatCount } from '../../../format/stock';

const STATUSES = ['available', 'reserved', 'delivered', 'revoked'] as const;

/**
 * A product's licence keys by status, four numbers with their names under them ("312 available"). A list, so a
 * screen reader reads each count with its name; `label` names it ("Licence keys of Zcash Keys").
 */
export function KeyCounts({ stock, label }: { stock: KeyStockCounts; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid="key-counts"
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: 'repeat(4, minmax(0, max-content))',
        columnGap: { xs: 2, sm: 2.5 },
      }}
    >
      {STATUSES.map((status) => (
        <Box component="li" key={status} data-testid={`key-count-${status}`} sx={{ minWidth: 0 }}>
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              lineHeight: 1.3,
              color: status === 'available' && stock.available === 0 ? 'error.main' : 'text.primary',
            }}
          >
            {formatCount(stock[status])}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {' '}
            {status}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
