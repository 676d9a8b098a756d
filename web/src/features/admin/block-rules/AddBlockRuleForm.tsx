import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useRef, useState, type FormEvent } from 'react';
import {
  BLOCK_RULE_KIND_HINTS,
  BLOCK_RULE_KIND_LABELS,
  BLOCK_RULE_KINDS,
  BLOCK_RULE_LIMITS,
  blockRuleInputSchema,
  type BlockRuleKindName,
  type ParsedBlockRuleInput,
} from '../../../../../common/block-rules';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';

type Errors = { value?: string; reason?: string; form?: string };

/**
 * Adds a rule: kind, value, an optional reason. The shared rules (common/block-rules.ts) are checked here first; the
 * server decides what only it can (an IP address or range, a duplicate, a rule that would block an admin) and its
 * message shows under the same field. After an add the kind stays and the value is cleared for the next one.
 */
export function AddBlockRuleForm({
  adding,
  onAdd,
}: {
  adding: boolean;
  onAdd: (rule: ParsedBlockRuleInput) => Promise<void>;
}) {
  const [kind, setKind] = useState<BlockRuleKindName>('EMAIL');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const valueInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = blockRuleInputSchema.safeParse({ kind, value, reason });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
    try {
      await onAdd(parsed.data);
      setValue('');
      setReason('');
      valueInput.current?.focus();
    } catch (error) {
      const fieldErrors = CombinedGraphQLErrors.is(error)
        ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      setErrors(
        fieldErrors.length > 0
          ? fieldMessages(fieldErrors)
          : { form: errorMessage(error, `${ADMIN_TEXTS.blockRuleAddFailed}. ${ADMIN_TEXTS.tryAgain}`) },
      );
      if (fieldErrors.some((f) => f.field === 'value')) valueInput.current?.focus();
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby="add-block-rule-title"
      sx={{ borderRadius: '16px', p: { xs: 2, md: 2.5 } }}
    >
      <Typography id="add-block-rule-title" component="h2" variant="h6" sx={{ mb: 2 }}>
        Add a rule
      </Typography>
      {errors.form ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.form}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // The value's hint (with its examples) wants the room more than the reason.
          gridTemplateColumns: { xs: '1fr', md: '200px minmax(0, 3fr) minmax(0, 2fr) auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as BlockRuleKindName);
            setErrors({});
          }}
          fullWidth
        >
          {BLOCK_RULE_KINDS.map((key) => (
            <MenuItem key={key} value={key}>
              {BLOCK_RULE_KIND_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Value"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          required
          fullWidth
          inputRef={valueInput}
          error={!!errors.value}
          helperText={errors.value ?? BLOCK_RULE_KIND_HINTS[kind]}
          slotProps={{
            htmlInput: {
              maxLength: BLOCK_RULE_LIMITS.value + 10,
              spellCheck: false,
              autoCapitalize: 'off',
              autoComplete: 'off',
              inputMode: kind === 'EMAIL' ? 'email' : kind === 'EMAIL_DOMAIN' ? 'url' : 'text',
            },
          }}
          sx={{ '& input': { fontFamily: MONOSPACE_FONT } }}
        />
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Chargebacks, card testing…"
          fullWidth
          error={!!errors.reason}
          helperText={errors.reason ?? 'Only staff see it'}
          slotProps={{ htmlInput: { maxLength: BLOCK_RULE_LIMITS.reason + 10 } }}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          startIcon={<AddIcon aria-hidden />}
          disabled={adding}
          sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
        >
          {adding ? 'Adding...' : 'Add rule'}
        </Button>
      </Box>
    </Paper>
  );
}

/** The first message per field, keyed as the form shows them. */
function fieldMessages(fieldErrors: readonly FieldError[]): Errors {
  const first = (field: string) => fieldErrors.find((f) => f.field === field)?.message;
  const errors: Errors = { value: first('value'), reason: first('reason') };
  // Anything else (no field of this form): above the fields.
  if (!errors.value && !errors.reason) errors.form = fieldErrors[0]?.message;
  return errors;
}
