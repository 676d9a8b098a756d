import { useMutation, useQuery } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  POLICY_PAGES,
  STORE_SETTINGS_LIMITS,
  storeSettingsSchema,
  type StoreSettingsValues,
} from '../../../../../common/store-settings';
import { serverFieldMessages, useFieldErrors, zodFieldMessages } from '../../../components/field-errors';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';

const AdminStoreSettingsQuery = graphql(/* GraphQL */ `
  query AdminStoreSettings {
    storeSettings {
      storeName
      supportEmail
      supportPhone
      supportHours
      timeZone
      termsText
      refundText
      privacyText
      updatedAt
    }
  }
`);

const UpdateStoreSettingsMutation = graphql(/* GraphQL */ `
  mutation UpdateStoreSettings($input: StoreSettingsInput!) {
    updateStoreSettings(input: $input) {
      storeName
      supportEmail
      supportPhone
      supportHours
      timeZone
      termsText
      refundText
      privacyText
      updatedAt
    }
  }
`);

type Field = keyof StoreSettingsValues;

const IDS: Record<Field, string> = {
  storeName: 'settings-store-name',
  supportEmail: 'settings-support-email',
  supportPhone: 'settings-support-phone',
  supportHours: 'settings-support-hours',
  timeZone: 'settings-time-zone',
  termsText: 'settings-terms-text',
  refundText: 'settings-refund-text',
  privacyText: 'settings-privacy-text',
};

const LINES: { field: Exclude<Field, 'termsText' | 'refundText' | 'privacyText'>; label: string; hint?: string }[] = [
  { field: 'storeName', label: 'Store name', hint: 'In the navigation bar, the footer, page titles and e-mails' },
  { field: 'supportEmail', label: 'Support e-mail' },
  { field: 'supportPhone', label: 'Support phone', hint: 'Leave empty if you offer no phone support' },
  { field: 'supportHours', label: 'Phone support hours', hint: 'e.g. Mon-Fri 9AM-5PM' },
  {
    field: 'timeZone',
    label: 'Time zone of the hours',
    hint: 'An IANA time zone: UTC, Europe/Berlin, America/New_York',
  },
];

/**
 * The Settings tab (docs/product.md "Store settings"): the store's name, contacts and the texts of its Terms, Refund
 * and Privacy pages. Saved together; every page shows them from the next request on, on every server.
 */
export function SettingsTab() {
  const query = useQuery(AdminStoreSettingsQuery);
  const loaded = query.data?.storeSettings;
  if (query.loading && !loaded) return <LoadingState label="Loading the settings..." />;
  if (!loaded) {
    return (
      <ErrorState
        message={query.error?.message ?? 'Could not load the settings.'}
        action={<RetryButton onRetry={() => void query.refetch()} />}
      />
    );
  }
  return (
    <SettingsForm
      initial={{
        storeName: loaded.storeName,
        supportEmail: loaded.supportEmail,
        supportPhone: loaded.supportPhone,
        supportHours: loaded.supportHours,
        timeZone: loaded.timeZone,
        termsText: loaded.termsText,
        refundText: loaded.refundText,
        privacyText: loaded.privacyText,
      }}
    />
  );
}

/** The form, from the settings as loaded; what is typed stays until saved. */
function SettingsForm({ initial }: { initial: StoreSettingsValues }) {
  const toast = useToast();
  const [save, { loading: saving }] = useMutation(UpdateStoreSettingsMutation);
  const [values, setValues] = useState<StoreSettingsValues>(initial);
  const errors = useFieldErrors(IDS);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    errors.clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeSettingsSchema.safeParse(values);
    if (!parsed.success) {
      errors.show(zodFieldMessages(parsed.error));
      return;
    }
    try {
      await save({ variables: { input: parsed.data } });
      toast({ title: 'Settings saved', description: 'Every page shows them now.', severity: 'success' });
    } catch (error) {
      const messages = serverFieldMessages(error);
      if (Object.keys(messages).length > 0) errors.show(messages);
      else toast(failureToast('Could not save the settings', error));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={3}
      aria-label="Store settings"
      data-testid="admin-settings"
    >
      <Typography variant="body2" color="text.secondary">
        What customers read about your shop: its name and contacts on every page and in e-mails, and the policy pages
        linked in the footer and at checkout.
      </Typography>
      <Card sx={{ p: { xs: 2, md: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          Store and contacts
        </Typography>
        <Grid container spacing={2}>
          {LINES.map(({ field, label, hint }) => (
            <Grid key={field} size={{ xs: 12, md: field === 'storeName' ? 12 : 6 }}>
              <TextField
                id={IDS[field]}
                label={label}
                value={values[field]}
                onChange={change(field)}
                fullWidth
                required={field !== 'supportPhone'}
                type={field === 'supportEmail' ? 'email' : 'text'}
                {...errors.props(field, hint)}
              />
            </Grid>
          ))}
        </Grid>
      </Card>
      {POLICY_PAGES.map((policy) => (
        <Card key={policy.field} sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography component="h2" variant="h6">
              {policy.title}
            </Typography>
            <Link href={policy.path} target="_blank" rel="noopener" variant="body2">
              View page
            </Link>
          </Stack>
          <TextField
            id={IDS[policy.field]}
            label={`${policy.title} text`}
            value={values[policy.field]}
            onChange={change(policy.field)}
            fullWidth
            multiline
            minRows={6}
            maxRows={20}
            required
            {...errors.props(
              policy.field,
              `Plain text; a blank line starts a new paragraph. At most ${STORE_SETTINGS_LIMITS.policyText.toLocaleString('en-US')} characters.`,
            )}
          />
        </Card>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save settings'}
        </Button>
      </Stack>
    </Stack>
  );
}
