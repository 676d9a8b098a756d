import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { signInPath } from '../../auth/redirect';
import { session } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { getFragmentData, graphql } from '../../gql';
import { CertificatesTab } from './components/CertificatesTab';
import { DASHBOARD_TABS, DashboardView, type DashboardTab } from './components/DashboardView';
import { EditProfileDialog } from './components/EditProfileDialog';
import { OrdersTab } from './components/OrdersTab';
import { ProfileTab, ProfileTabFragment } from './components/ProfileTab';
import { TicketsTab } from './components/TicketsTab';
import { useUpdateProfile } from './useUpdateProfile';

const DashboardPageQuery = graphql(/* GraphQL */ `
  query DashboardPage {
    me {
      id
      email
      profile {
        id
        ...ProfileTab_profile
      }
      certificates {
        id
        status
        ...CertificatesTab_certificate
      }
      orders {
        id
        status
        ...OrdersTab_order
      }
      tickets {
        id
        status
        ...TicketsTab_ticket
      }
    }
  }
`);

const LOADING = 'Loading your dashboard...';

/** /dashboard (docs/product.md "Dashboard"): needs a session; a signed-out visitor signs in and comes back here. */
export default function DashboardPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  // Signing out ends the session before we leave: without this the page would send the user to /auth.
  if (signingOut) return <LoadingState label="Signing out..." />;
  if (status === 'restoring') return <LoadingState label={LOADING} />;
  if (status === 'signedOut') return <Navigate to={signInPath('/dashboard')} replace />;

  const signOut = async () => {
    setSigningOut(true);
    await session.signOut();
    navigate('/', { replace: true });
  };
  return <SignedInDashboard onSignOut={() => void signOut()} />;
}

function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.value === value)?.value ?? 'certificates';
}

function SignedInDashboard({ onSignOut }: { onSignOut: () => void }) {
  const { data, loading, refetch } = useQuery(DashboardPageQuery);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [editing, setEditing] = useState(false);
  const { updateProfile, saving } = useUpdateProfile();

  const me = data?.me;
  if (!me) {
    if (loading) return <LoadingState label={LOADING} />;
    return (
      <ErrorState message="Failed to load dashboard data" action={<RetryButton onRetry={() => void refetch()} />} />
    );
  }
  const profile = getFragmentData(ProfileTabFragment, me.profile);
  const counts = {
    activeCertificates: me.certificates.filter((c) => c.status === 'ACTIVE').length,
    pendingOrders: me.orders.filter((o) => o.status === 'PENDING').length,
    openTickets: me.tickets.filter((t) => t.status === 'OPEN').length,
    totalOrders: me.orders.length,
  };
  const content = {
    certificates: <CertificatesTab certificates={me.certificates} />,
    orders: <OrdersTab orders={me.orders} />,
    support: <TicketsTab tickets={me.tickets} />,
    profile: <ProfileTab profile={me.profile} onEdit={() => setEditing(true)} />,
  }[tab];

  return (
    <>
      <DashboardView
        name={profile.fullName?.trim() || me.email}
        counts={counts}
        tab={tab}
        onTabChange={(next) => setParams(next === 'certificates' ? {} : { tab: next }, { replace: true })}
        onSignOut={onSignOut}
      >
        {content}
      </DashboardView>
      <EditProfileDialog
        open={editing}
        initial={{
          fullName: profile.fullName ?? '',
          companyName: profile.companyName ?? '',
          phone: profile.phone ?? '',
        }}
        saving={saving}
        onClose={() => setEditing(false)}
        onSubmit={(values) => void updateProfile(values).then((ok) => ok && setEditing(false))}
      />
    </>
  );
}
