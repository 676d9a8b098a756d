import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from '../../../../../common/labels';
import { LIMITS, TICKET_CATEGORIES, TICKET_PRIORITIES } from '../../../../../common/validation';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';

export interface TicketValues {
  title: string;
  category: string;
  priority: string;
  description: string;
  /** One of the customer's orders the ticket is about; '' for none. */
  orderId: string;
}

/** An order the customer may link to the ticket. */
export interface TicketOrderOption {
  id: string;
  label: string;
}

interface Props {
  /** Signed out: show the sign-in prompt. */
  showSignInPrompt: boolean;
  signInHref: string;
  /** Submit is disabled (signed out, session restoring, or submitting). */
  disabled: boolean;
  submitting: boolean;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (values: TicketValues, report: ReportFieldErrors) => void;
  /** The signed-in customer's orders for "Related order" (the select is hidden without any). */
  orders?: readonly TicketOrderOption[];
}

const EMPTY: TicketValues = { title: '', category: '', priority: 'MEDIUM', description: '', orderId: '' };

/** The inputs' ids, in the form's order (the first one with a message is focused). */
const FIELD_IDS = {
  title: 'ticket-subject',
  category: 'ticket-category',
  priority: 'ticket-priority',
  description: 'ticket-description',
} as const;

/** The length counter on the right, and the field's message (if any) on the left of the same line. */
function counter(value: string, limit: number, message: string | undefined) {
  return {
    helperText: (
      <Box component="span" sx={{ display: 'flex', gap: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {message}
        </Box>
        <Box component="span">{`${value.length}/${limit}`}</Box>
      </Box>
    ),
    error: !!message || value.length > limit,
    slotProps: { formHelperText: { sx: { mx: 0.5 } } },
  };
}

/**
 * The ticket form (docs/product.md "Support"): subject /200, category, priority (default Medium), description /2000.
 */
export function TicketForm({ showSignInPrompt, signInHref, disabled, submitting, onSubmit, orders = [] }: Props) {
  const [values, setValues] = useState<TicketValues>(EMPTY);
  const errors = useFieldErrors(FIELD_IDS);
  const set = (field: keyof TicketValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (field !== 'orderId') errors.clear(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values, errors.show);
  };
  return (
    <Card id="ticket-form" component="section" aria-labelledby="ticket-form-title" sx={{ scrollMarginTop: 88 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="ticket-form-title" variant="h3" component="h2">
          Create a Support Ticket
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Describe the problem and we will get back to you within 24 hours.
        </Typography>
        {showSignInPrompt && (
          <Alert severity="info" sx={{ mb: 3 }}>
            Please{' '}
            <Link component={RouterLink} to={signInHref} sx={{ fontWeight: 700 }}>
              sign in
            </Link>{' '}
            to create a support ticket.
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <TextField
              id={FIELD_IDS.title}
              label="Subject"
              value={values.title}
              onChange={set('title')}
              placeholder="Brief summary of your issue"
              {...counter(values.title, LIMITS.ticketSubject, errors.messages.title)}
            />
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  id={FIELD_IDS.category}
                  label="Category"
                  select
                  value={values.category}
                  onChange={set('category')}
                  {...errors.props('category')}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" disabled>
                    Select a category
                  </option>
                  {TICKET_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {TICKET_CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  id={FIELD_IDS.priority}
                  label="Priority"
                  select
                  value={values.priority}
                  onChange={set('priority')}
                  {...errors.props('priority')}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {TICKET_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {TICKET_PRIORITY_LABELS[priority]}
                    </option>
                  ))}
                </TextField>
              </Grid>
            </Grid>
            {orders.length > 0 ? (
              <TextField
                id="ticket-order"
                label="Related order (optional)"
                select
                value={values.orderId}
                onChange={set('orderId')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">No particular order</option>
                {orders.map((order) => (
                  <option key={order.id} value={order.id}>
                    {order.label}
                  </option>
                ))}
              </TextField>
            ) : null}
            <TextField
              id={FIELD_IDS.description}
              label="Description"
              multiline
              minRows={6}
              value={values.description}
              onChange={set('description')}
              placeholder="Please include your order ID, domain and any error messages"
              {...counter(values.description, LIMITS.ticketDescription, errors.messages.description)}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={disabled}
              startIcon={<SendIcon />}
              sx={{ alignSelf: { sm: 'flex-start' } }}
            >
              {submitting ? 'Submitting...' : 'Submit Ticket'}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
