import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * "Copy" beside an amount to send; on a phone only its icon, so an amount ("0.00068001 BTC") and its button fit on
 * one line. Its name (`label`, "Copy amount") is the same at every width.
 */
export function CopyAmountButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      aria-label={label}
      sx={{ flexShrink: 0, minWidth: { xs: 44, sm: 64 }, px: { xs: 1, sm: 2 } }}
    >
      <ContentCopyIcon aria-hidden sx={{ fontSize: 20, mr: { xs: 0, sm: 1 } }} />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        Copy
      </Box>
    </Button>
  );
}
