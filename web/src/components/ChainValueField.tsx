import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MONOSPACE_FONT } from '../theme/theme';

export interface ChainValueFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What was wrong with the last submit, shown under the row (and marking the field invalid). */
  problem: string | null;
  maxLength: number;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}

/**
 * One value read off a wallet or a chain (an address, a transaction ID) with its submit button: monospace, never
 * auto-capitalised or spell-checked (either would corrupt it), on one row from `sm` up. Goes inside the caller's form.
 */
export function ChainValueField(props: ChainValueFieldProps) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id={props.id}
          label={props.label}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          error={props.problem !== null}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: props.maxLength },
            input: { sx: { fontFamily: MONOSPACE_FONT } },
          }}
        />
        <Button type="submit" variant="contained" disabled={props.busy} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Button>
      </Stack>
      {props.problem && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {props.problem}
        </Alert>
      )}
    </>
  );
}
