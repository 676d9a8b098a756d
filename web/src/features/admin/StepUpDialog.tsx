import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../../../common/two-factor';
import { errorMessage } from '../../apollo/errors';
import { stepUp } from '../../auth/step-up';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql/admin';
import { ADMIN_TEXTS } from './adminTexts';

const ConfirmSecondFactorMutation = graphql(/* GraphQL */ `
  mutation AdminConfirmSecondFactor($code: String!) {
    confirmSecondFactor(code: $code)
  }
`);

/**
 * Opens when a sensitive action was refused for a stale second-factor check (auth/step-up.ts): a code from the
 * authenticator app (or a recovery code) confirms the session for 10 minutes, then the action is repeated.
 */
export function StepUpDialog() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, { loading }] = useMutation(ConfirmSecondFactorMutation);
  useEffect(() => stepUp.onRequired(() => setOpen(true)), []);

  const close = () => {
    setOpen(false);
    setCode('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    try {
      await confirm({ variables: { code: code.trim() } });
      close();
      toast({ title: 'Confirmed', description: 'Now repeat the action.', severity: 'success' });
    } catch (failure) {
      setError(errorMessage(failure, ADMIN_TEXTS.tryAgain));
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="step-up-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This action needs a fresh code from your authenticator app (or a recovery code). It stays confirmed for 10
            minutes.
          </DialogContentText>
          <TextField
            id="step-up-code"
            label="Authentication code"
            autoFocus
            fullWidth
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? 'Checking...' : 'Confirm'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
