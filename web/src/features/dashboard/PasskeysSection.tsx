import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { passkeysSupported } from '../../auth/passkey-browser';
import { AddPasskeyForm } from '../../components/AddPasskeyForm';
import { formatDateTime } from '../../format/date';
import { usePasskeys } from './usePasskeys';

interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Dashboard › Profile › Passkeys (docs/staff-and-permissions.md "Passkeys"): the account's passkeys, adding one under a
 * name (the browser asks for the device's screen lock) and removing one (asks first; the API may ask for the step-up).
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const list = passkeys.passkeys;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h5" component="h2">
            Passkeys
          </Typography>
          {list?.length ? <Chip label="On" color="success" size="small" variant="outlined" /> : null}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Sign in with your device&apos;s fingerprint, face or screen lock instead of your password. A passkey also
          counts as two-factor sign-in: add one on each device you use, so losing one does not lock you out.
        </Typography>
        {!list ? (
          <Typography color="text.secondary">
            {passkeys.failedToLoad ? 'Could not load your passkeys.' : 'Loading...'}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {list.length > 0 ? (
              <List disablePadding aria-label="Your passkeys">
                {list.map((passkey) => (
                  <ListItem
                    key={passkey.id}
                    divider
                    disableGutters
                    sx={{ flexWrap: 'wrap', gap: 1 }}
                    secondaryAction={
                      <Button
                        color="error"
                        size="small"
                        disabled={passkeys.busy}
                        onClick={() => setRemoving(passkey)}
                        aria-label={`Remove passkey ${passkey.name}`}
                      >
                        Remove
                      </Button>
                    }
                  >
                    <ListItemText
                      sx={{ pr: 9, minWidth: 0 }}
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                          <FingerprintIcon fontSize="small" color="action" aria-hidden />
                          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                            {passkey.name}
                          </Box>
                        </Stack>
                      }
                      secondary={`Added ${formatDateTime(passkey.createdAt)} · ${
                        passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'
                      }`}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2">No passkeys yet.</Typography>
            )}
            {passkeysSupported() ? (
              <AddPasskeyForm busy={passkeys.busy} onSubmit={passkeys.add} />
            ) : (
              <Alert severity="info">This browser cannot create passkeys.</Alert>
            )}
          </Stack>
        )}
      </CardContent>
      <Dialog open={!!removing} onClose={() => setRemoving(null)} aria-labelledby="remove-passkey-title">
        <DialogTitle id="remove-passkey-title">Remove this passkey?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            “{removing?.name}” will no longer sign you in. You can add it again later.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={passkeys.busy}
            onClick={() => {
              const id = removing!.id;
              setRemoving(null);
              void passkeys.remove(id);
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
