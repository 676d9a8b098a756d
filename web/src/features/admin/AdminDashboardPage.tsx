import { useApolloClient, useQuery } from '@apollo/client/react';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { session } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { graphql } from '../../gql/admin';
import { ADMIN_LOGIN_PATH } from './adminPaths';
import { STAFF_ROLE_LABELS, type PermissionName, type StaffRoleName } from '../../../../common/staff';
import { AdminAccessProvider } from './adminAccess';
import { AdminTwoFactorSetup } from './AdminTwoFactorSetup';
import { StepUpDialog } from './StepUpDialog';
import { tabOf, tabsFor } from './adminTabs';
import { useCatchUpOnConnect, useLiveConnection } from './useLiveConnection';

const AdminDashboardViewerQuery = graphql(/* GraphQL */ `
  query AdminDashboardViewer {
    me {
      id
      email
      isAdmin
      staffRole
      permissions
      secondFactorSetupRequired
    }
  }
`);

/**
 * /admin/dashboard: repeats the staff check (docs/product.md "Roles"; anyone else goes back to /admin), then the
 * sections of adminTabs.tsx the role may use (Viewer.permissions, docs/staff-and-permissions.md) with Refresh and
 * Logout. The tab and its filters live in the address (?tab=products, ?status=PENDING) so a reload or a shared link
 * keeps them.
 */
export default function AdminDashboardPage() {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const { data, loading, error, refetch } = useQuery(AdminDashboardViewerQuery, {
    skip: !signedIn,
    fetchPolicy: 'network-only',
  });
  // A change of role closes the live socket (4401, docs/staff-and-permissions.md): once it reconnects, the role is
  // read again, so the tabs and buttons follow the new one without a reload.
  const refetchViewer = useCallback(() => refetch(), [refetch]);
  useCatchUpOnConnect(refetchViewer);

  if (status === 'restoring' || (signedIn && loading && !data))
    return <LoadingState label="Checking admin access..." />;
  if (!signedIn) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  if (error && !data) {
    return (
      <ErrorState
        message="Could not check your admin access. Please try again."
        action={<RetryButton onRetry={() => void refetch()} />}
      />
    );
  }
  if (!data?.me?.isAdmin || !data.me.staffRole) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  // REQUIRE_STAFF_2FA: until a second factor is set up, enrolling is all the server allows. A session signed in over
  // 10 minutes ago confirms its password first (the step-up of a first factor), hence the dialog here too.
  if (data.me.secondFactorSetupRequired)
    return (
      <>
        <AdminTwoFactorSetup email={data.me.email} onDone={() => void refetch()} />
        <StepUpDialog />
      </>
    );
  return (
    <AdminAccessProvider permissions={data.me.permissions}>
      <AdminDashboard email={data.me.email} role={data.me.staffRole} permissions={data.me.permissions} />
      <StepUpDialog />
    </AdminAccessProvider>
  );
}

function AdminDashboard({
  email,
  role,
  permissions,
}: {
  email: string;
  role: StaffRoleName;
  permissions: readonly PermissionName[];
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const live = useLiveConnection();
  const [params, setParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const tabs = tabsFor(permissions);
  const active = tabOf(params, tabs);
  const tab = active?.key ?? false;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const refresh = async () => {
    setRefreshing(true);
    try {
      // Every query on screen, the admin check included.
      await client.refetchQueries({ include: 'active' });
    } catch {
      // Each tab shows its own fetch failure.
    } finally {
      setRefreshing(false);
    }
  };

  const logout = async () => {
    setSigningOut(true);
    await session.signOut();
    navigate(ADMIN_LOGIN_PATH, { replace: true });
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography component="h1" variant="h3">
              Admin Dashboard
            </Typography>
            {/* Only tabs with live updates hold the socket open; elsewhere the chip would say "Connecting..." */}
            {active?.live ? <LiveChip live={live === 'live'} /> : null}
          </Stack>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Signed in as {email} ({STAFF_ROLE_LABELS[role]})
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<RefreshIcon aria-hidden />}
            onClick={() => void refresh()}
            disabled={refreshing}
            sx={{ flex: { xs: 1, md: 'none' } }}
          >
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button
            variant="contained"
            startIcon={<LogoutIcon aria-hidden />}
            onClick={() => void logout()}
            disabled={signingOut}
            sx={{ flex: { xs: 1, md: 'none' } }}
          >
            Logout
          </Button>
        </Stack>
      </Stack>

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: string) => update({ tab: value === tabs[0]?.key ? null : value })}
          aria-label="Admin sections"
          textColor="primary"
          indicatorColor="secondary"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map(({ key, label }) => (
            <Tab key={key} value={key} label={label} id={`admin-tab-${key}`} aria-controls={`admin-panel-${key}`} />
          ))}
        </Tabs>
      </Box>
      {active ? (
        <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
          {active.render({ params, update })}
        </Box>
      ) : (
        <Typography color="text.secondary">Your role has no section of the admin panel.</Typography>
      )}
    </Container>
  );
}

/** Whether live updates are flowing (the subscription socket is connected). */
function LiveChip({ live }: { live: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={live ? 'Live' : 'Connecting...'}
      data-testid="live-indicator"
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: live ? 'success.main' : 'warning.main',
            ml: '8px !important',
            animation: live ? 'admin-live-pulse 2s ease-in-out infinite' : 'none',
            '@keyframes admin-live-pulse': { '50%': { opacity: 0.35 } },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      }
      sx={{ fontWeight: 700, color: live ? 'success.main' : 'warning.main', borderColor: 'currentColor' }}
    />
  );
}
