import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { KeyCounts } from './KeyCounts';
import { dialogErrors, useRevokeProductKey, type KeyStockCounts } from './keyInventory';
import type { KeyedProduct } from './ProductKeysSection';

const KEY_REQUIRED = 'Paste the key to revoke';

interface RevokeKeyDialogProps {
  /** The product whose key is revoked, or null when closed. */
  product: KeyedProduct | null;
  onClose: () => void;
}

/**
 * Takes a leaked (or vendor-refunded) key out of stock for good: the admin pastes its value. The server refuses a
 * key the product does not have, or one that belongs to an order; its message shows under the field. On success the
 * product's keys by status show, and another key can be revoked.
 */
export function RevokeKeyDialog({ product, onClose }: RevokeKeyDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { revoke, revoking } = useRevokeProductKey();
  const input = useRef<HTMLInputElement>(null);
  // The product stays on screen while the dialog fades out.
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);
  const close = () => {
    if (!revoking) onClose();
  };
  return (
    <Dialog
      open={!!product}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="revoke-key-title"
      // The dialog focuses itself as it opens (autoFocus would be overridden): the field takes it once shown.
      slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
    >
      <DialogTitle id="revoke-key-title" sx={{ overflowWrap: 'anywhere' }}>
        Revoke a key of {shown?.name}
      </DialogTitle>
      {shown ? (
        <RevokeForm
          product={shown}
          input={input}
          revoking={revoking}
          onRevoke={(key) => revoke(shown.id, key)}
          onClose={close}
        />
      ) : null}
    </Dialog>
  );
}

function RevokeForm({
  product,
  input,
  revoking,
  onRevoke,
  onClose,
}: {
  product: KeyedProduct;
  input: RefObject<HTMLInputElement | null>;
  revoking: boolean;
  onRevoke: (key: string) => Promise<KeyStockCounts>;
  onClose: () => void;
}) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [done, setDone] = useState<{ key: string; stock: KeyStockCounts } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (revoking) return;
    const value = key.trim();
    if (!value) {
      setError({ field: KEY_REQUIRED });
      input.current?.focus();
      return;
    }
    setError({});
    setDone(null);
    try {
      const stock = await onRevoke(value);
      setDone({ key: value, stock });
      setKey('');
    } catch (failure) {
      const { fields, form } = dialogErrors(failure, ADMIN_TEXTS.keyRevokeFailed);
      setError(form ? { form } : { field: fields[0]?.message });
      input.current?.focus();
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="revoke-key-title"
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            A revoked key is never sold. Only a key still available can be revoked: a key reserved for or delivered to
            an order belongs to that order.
          </Typography>
          {done ? (
            <Alert severity="success" role="status" data-testid="key-revoked">
              <AlertTitle>Key revoked</AlertTitle>
              <Box component="span" sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
                {done.key}
              </Box>{' '}
              is out of stock for good.
            </Alert>
          ) : null}
          {error.form ? <Alert severity="error">{error.form}</Alert> : null}
          <TextField
            label="Licence key"
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              if (error.field) setError({});
            }}
            inputRef={input}
            required
            fullWidth
            disabled={revoking}
            error={!!error.field}
            helperText={error.field ?? 'Paste the key exactly as it was sold or imported.'}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' } }}
            sx={{ '& input': { fontFamily: MONOSPACE_FONT } }}
          />
          {done ? (
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                Stock now
              </Typography>
              <KeyCounts stock={done.stock} label={`Licence keys of ${product.name} after the revocation`} />
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={revoking}>
          {done ? 'Done' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={revoking}>
          {revoking ? 'Revoking...' : 'Revoke key'}
        </Button>
      </DialogActions>
    </Box>
  );
}
