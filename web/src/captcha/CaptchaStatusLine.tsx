import CheckCircleOutlineOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CAPTCHA_STATUS_TEXTS } from '../../../common/captcha';
import type { CaptchaStatus } from './useCaptcha';

/**
 * What the CAPTCHA is doing, beside the submit button: a live region (role status, polite) that is always in the page,
 * so a screen reader announces 'Checking your browser…' and then the outcome; empty while none is asked for.
 */
export function CaptchaStatusLine({ status }: { status: CaptchaStatus }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="captcha-status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: status === 'idle' ? 0 : 24 }}
    >
      {status === 'solving' && <CircularProgress size={16} aria-hidden />}
      {status === 'solved' && <CheckCircleOutlineOutlinedIcon fontSize="small" color="success" aria-hidden />}
      {status !== 'idle' && (
        <Typography variant="body2" color={status === 'failed' ? 'error' : 'text.secondary'}>
          {CAPTCHA_STATUS_TEXTS[status]}
        </Typography>
      )}
    </Box>
  );
}
