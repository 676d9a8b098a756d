import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PRODUCT_CATEGORY_LABELS } from '../../../../common/labels';

/** Category and In Stock / Out of Stock badges, shown on product cards and the detail page. */
export function ProductBadges({ category, inStock }: { category: string; inStock: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={PRODUCT_CATEGORY_LABELS[category] ?? category}
        sx={{ bgcolor: 'rgba(11,31,58,0.08)', color: 'primary.main' }}
      />
      {inStock ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<CheckCircleOutlineIcon aria-hidden />}
          label="In Stock"
        />
      ) : (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<RemoveCircleOutlineIcon aria-hidden />}
          label="Out of Stock"
        />
      )}
    </Stack>
  );
}
