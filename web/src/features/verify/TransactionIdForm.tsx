import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import type { ReportFieldErrors } from '../../components/validation-toast';
import { MONOSPACE_FONT } from '../../theme/theme';
import { ORDER_ACTION_TEXTS } from '../orders/order-actions.texts';

interface Props {
  submitting: boolean;
  /** Saves the ID; the form stays filled in when it resolves false (a refusal to correct). */
  onSubmit: (transactionId: string, report: ReportFieldErrors) => Promise<boolean>;
  /** The explanation under the title; the manual methods' by default. */
  text?: string;
}

const FIELD_IDS = { transactionId: 'verify-transaction-id' } as const;

/**
 * "Add your transaction ID" on /verify, for a PENDING order that has none yet (nor a payment seen on chain: then it is
 * optional, the payment is found without it).
 */
export function TransactionIdForm({ submitting, onSubmit, text = ORDER_ACTION_TEXTS.addTransactionIdText }: Props) {
  const [value, setValue] = useState('');
  const errors = useFieldErrors(FIELD_IDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(value, errors.show).then((saved) => saved && setValue(''));
  };
  return (
    <Card component="section" aria-labelledby="add-transaction-id-title" sx={{ mt: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="add-transaction-id-title" variant="h5" component="h2">
          {ORDER_ACTION_TEXTS.addTransactionIdTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {text}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id={FIELD_IDS.transactionId}
              label={ORDER_ACTION_TEXTS.transactionIdLabel}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                errors.clear('transactionId');
              }}
              {...errors.props('transactionId')}
              size="small"
              fullWidth
              autoComplete="off"
              slotProps={{
                htmlInput: { autoCapitalize: 'none', spellCheck: false },
                input: { sx: { fontFamily: MONOSPACE_FONT } },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {submitting ? ORDER_ACTION_TEXTS.adding : ORDER_ACTION_TEXTS.addTransactionId}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
