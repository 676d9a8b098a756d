import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import type { ToastItem } from './toast';

/**
 * How a toast looks: a filled alert in a snackbar, bottom right (top on a phone), gone after 5 s or on Close. Its own
 * chunk (see `toast.tsx`), as the snackbar's transitions and click-away handling are needed only once a
 * page raises a toast.
 */
export function ToastView({ toast, onClose }: { toast: ToastItem; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={5000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      // On a phone it sits under the navigation bar rather than over the form's lower fields, its button and a
      // payment card (issue 31); the field messages under the fields say the rest.
      sx={{ top: { xs: 68, sm: 'auto' }, bottom: { xs: 'auto', sm: 24 } }}
    >
      <Alert
        onClose={onClose}
        severity={toast.severity ?? 'info'}
        variant="filled"
        role={toast.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', maxWidth: 420, alignItems: 'flex-start' }}
        data-testid="toast"
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
