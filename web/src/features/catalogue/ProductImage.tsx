import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';

/**
 * The product's picture (a per-slug illustration under /images/products) in a 4:3 frame; products
 * without one get a neutral tile so the grid keeps its rhythm.
 */
export function ProductImage({ src, alt, dimmed = false }: { src: string | null; alt: string; dimmed?: boolean }) {
  const frame = {
    aspectRatio: '4 / 3',
    width: '100%',
    display: 'block',
    bgcolor: 'rgba(11,31,58,0.06)',
    filter: dimmed ? 'grayscale(0.7)' : undefined,
    opacity: dimmed ? 0.75 : 1,
  } as const;
  if (!src) {
    return (
      <Box role="img" aria-label={alt} sx={{ ...frame, display: 'grid', placeItems: 'center' }}>
        <Inventory2OutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={alt} loading="lazy" sx={{ ...frame, objectFit: 'cover' }} />;
}
