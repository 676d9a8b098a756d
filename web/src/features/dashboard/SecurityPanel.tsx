import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import Stack from '@mui/material/Stack';
import { SecuritySection } from './components/SecuritySection';
import { DashboardStepUpDialog } from './DashboardStepUpDialog';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';
import { useSecurity } from './useSecurity';

/**
 * The Profile tab's Security section, two-factor sign-in and passkeys: each runs its own query (sessions and factors
 * change apart from the dashboard's data). Changing a factor may ask for the step-up: its dialog lives here.
 */
export function SecurityPanel() {
  const security = useSecurity();
  const { data, error, refetch } = security.query;
  if (!data?.me) {
    if (error)
      return (
        <ErrorState
          message="Could not load your security settings."
          action={<RetryButton onRetry={() => void refetch()} />}
        />
      );
    return <LoadingState label="Loading security settings..." />;
  }
  return (
    <Stack spacing={3}>
      <SecuritySection
        email={data.me.email}
        emailVerified={data.me.emailVerified}
        sessions={data.mySessions}
        disabled={security.busy}
        onResendVerification={() => void security.resendVerification()}
        onChangePassword={security.changePassword}
        onChangeEmail={security.requestEmailChange}
        onRevokeSession={(id) => void security.revokeSession(id)}
        onSignOutEverywhere={() => void security.signOutEverywhere()}
      />
      <TwoFactorSection />
      <PasskeysSection />
      <DashboardStepUpDialog />
    </Stack>
  );
}
