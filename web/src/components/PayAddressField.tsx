import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MONOSPACE_FONT } from '../theme/theme';

/**
 * The address to pay, as checkout's step 2 and /verify show it: its label, the address in a box that breaks anywhere
 * (a phone shows it whole), and "Copy" beside it (under it on a phone). `id` names the label; `testId` the address.
 */
export function PayAddressField(props: {
  id: string;
  testId: string;
  label: string;
  address: string;
  copyLabel: string;
  onCopy: () => void;
  /** The box's background: `paper` on a tinted card, `default` on a white one. */
  background: 'paper' | 'default';
}) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id={props.id}>
        {props.label}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 0.5, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography
          aria-labelledby={props.id}
          data-testid={props.testId}
          sx={{
            fontFamily: MONOSPACE_FONT,
            fontSize: '0.95rem',
            wordBreak: 'break-all',
            p: 1.25,
            borderRadius: 1.5,
            bgcolor: `background.${props.background}`,
            border: 1,
            borderColor: 'divider',
            flexGrow: 1,
          }}
        >
          {props.address}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon aria-hidden />}
          onClick={props.onCopy}
          aria-label={props.copyLabel}
          sx={{ flexShrink: 0 }}
        >
          Copy
        </Button>
      </Stack>
    </Box>
  );
}
