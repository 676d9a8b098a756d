import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { POLICY_PAGES, paragraphsOf, type PolicyPage as Policy } from '../../../../common/store-settings';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { graphql } from '../../gql';

const PolicyTextsQuery = graphql(/* GraphQL */ `
  query PolicyTexts {
    storeSettings {
      storeName
      supportEmail
      termsText
      refundText
      privacyText
      updatedAt
    }
  }
`);

/**
 * /terms, /refunds and /privacy (docs/product.md "Store settings"): the owner's text, set in the admin's Settings tab,
 * rendered by the server. Plain text, one paragraph per blank-line-separated block: no markup from the database.
 */
export default function PolicyPage() {
  const { pathname } = useLocation();
  const policy: Policy = POLICY_PAGES.find((p) => p.path === pathname) ?? POLICY_PAGES[0];
  const { data, loading, error, refetch } = useQuery(PolicyTextsQuery);
  if (loading && !data) return <LoadingState label="Loading..." />;
  if (!data) {
    return (
      <ErrorState
        message={error?.message ?? 'Could not load this page.'}
        action={<RetryButton onRetry={() => void refetch()} />}
      />
    );
  }
  const settings = data.storeSettings;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h2" component="h1">
        {policy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {settings.storeName}
        {settings.updatedAt && ` · Updated ${new Date(settings.updatedAt).toISOString().slice(0, 10)}`}
      </Typography>
      <Stack spacing={2} sx={{ mt: 4, maxWidth: '75ch' }} data-testid="policy-text">
        {paragraphsOf(settings[policy.field]).map((paragraph, index) => (
          <Typography key={index} sx={{ lineHeight: 1.75, whiteSpace: 'pre-line' }}>
            {paragraph}
          </Typography>
        ))}
      </Stack>
      <Typography sx={{ mt: 5 }} color="text.secondary">
        Questions? Write to <Link href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</Link> or{' '}
        <Link component={RouterLink} to="/support">
          contact support
        </Link>
        .
      </Typography>
    </Container>
  );
}
