import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import {
  BLOCK_RULE_KIND_HINTS,
  BLOCK_RULE_KIND_LABELS,
  BLOCK_RULE_KINDS,
  BLOCK_RULE_LIMITS,
  blockRuleInputSchema,
  type BlockRuleInputValues,
  type BlockRuleKindName,
  type ParsedBlockRuleInput,
} from '../../../../../common/block-rules';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';

/** The form as typed: the shared rules' input. */
type RuleValues = BlockRuleInputValues;

type RuleControl = Control<RuleValues, unknown, ParsedBlockRuleInput>;

/** A failure that belongs to no field of the form: above the fields. */
const FORM_ERROR = 'root.form' as const;

/**
 * Adds a rule: kind, value, an optional reason. The shared rules (common/block-rules.ts) are checked here first, through
 * zodResolver; the server decides what only it can (an IP address or range, a duplicate, a rule that would block an
 * admin) and its message shows under the same field. After an add the kind stays and the value is cleared for the next
 * one.
 */
export function AddBlockRuleForm({
  adding,
  onAdd,
}: {
  adding: boolean;
  onAdd: (rule: ParsedBlockRuleInput) => Promise<void>;
}) {
  const { control, handleSubmit, setError, clearErrors, reset, getValues, setFocus, formState } = useForm<
    RuleValues,
    unknown,
    ParsedBlockRuleInput
  >({
    defaultValues: { kind: 'EMAIL', value: '', reason: '' },
    resolver: zodResolver(blockRuleInputSchema),
    // Messages stay until the next add, as the server's do.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const kind = useController({ control, name: 'kind' }).field;
  // A message of the rules that names no field of the form (none today) shows above the fields too.
  const formError = errors.root?.form?.message ?? errors.kind?.message;

  const add = async (rule: ParsedBlockRuleInput) => {
    try {
      await onAdd(rule);
      reset({ kind: getValues('kind'), value: '', reason: '' });
      setFocus('value');
    } catch (error) {
      const fieldErrors = CombinedGraphQLErrors.is(error)
        ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
        : [];
      const first = (field: string) => fieldErrors.find((f) => f.field === field)?.message;
      const value = first('value');
      const reason = first('reason');
      if (value) setError('value', { type: 'server', message: value });
      if (reason) setError('reason', { type: 'server', message: reason });
      if (!value && !reason) {
        setError(FORM_ERROR, {
          type: 'server',
          message:
            fieldErrors[0]?.message ??
            errorMessage(error, `${ADMIN_TEXTS.blockRuleAddFailed}. ${ADMIN_TEXTS.tryAgain}`),
        });
      }
      if (value) setFocus('value');
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event) => void handleSubmit(add)(event)}
      aria-labelledby="add-block-rule-title"
      sx={{ borderRadius: '16px', p: { xs: 2, md: 2.5 } }}
    >
      <Typography id="add-block-rule-title" component="h2" variant="h6" sx={{ mb: 2 }}>
        Add a rule
      </Typography>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
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
          name={kind.name}
          value={kind.value}
          onChange={(event) => {
            kind.onChange(event.target.value as BlockRuleKindName);
            clearErrors();
          }}
          onBlur={kind.onBlur}
          fullWidth
        >
          {BLOCK_RULE_KINDS.map((key) => (
            <MenuItem key={key} value={key}>
              {BLOCK_RULE_KIND_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <RuleTextField
          control={control}
          name="value"
          label="Value"
          required
          fullWidth
          error={!!errors.value}
          helperText={errors.value?.message ?? BLOCK_RULE_KIND_HINTS[kind.value]}
          slotProps={{
            htmlInput: {
              maxLength: BLOCK_RULE_LIMITS.value + 10,
              spellCheck: false,
              autoCapitalize: 'off',
              autoComplete: 'off',
              inputMode: kind.value === 'EMAIL' ? 'email' : kind.value === 'EMAIL_DOMAIN' ? 'url' : 'text',
            },
          }}
          sx={{ '& input': { fontFamily: MONOSPACE_FONT } }}
        />
        <RuleTextField
          control={control}
          name="reason"
          label="Reason (optional)"
          placeholder="Chargebacks, card testing…"
          fullWidth
          error={!!errors.reason}
          helperText={errors.reason?.message ?? 'Only staff see it'}
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

/** A TextField bound to one text value of the form (its ref lets the form focus it). */
function RuleTextField({
  control,
  name,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'> & {
  control: RuleControl;
  name: 'value' | 'reason';
}) {
  const { field } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
    />
  );
}
