import Stack from '@mui/material/Stack';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { signInPath } from '../../auth/redirect';
import { session } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import { getFragmentData, graphql } from '../../gql';
import { ORDER_KEYS_PARAM, type OrderKeysLinkState } from '../orders/order-keys-path';
import { fulfilmentFacts, type FulfilmentKey } from '../../../../common/fulfilment-kinds';
import { CertificatesTab } from './components/CertificatesTab';
import { KeysTab } from './components/KeysTab';
import { DASHBOARD_TABS, DashboardView, type DashboardTab } from './components/DashboardView';
import { EditProfileDialog } from './components/EditProfileDialog';
import { OrdersTab } from './components/OrdersTab';
import { ProfileTab, ProfileTabFragment } from './components/ProfileTab';
import { TicketsTab } from './components/TicketsTab';
import { OrderKeysDialog } from './keys/OrderKeysDialog';
import { SecurityPanel } from './SecurityPanel';
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
        createdAt
        product {
          id
          fulfilment
        }
        ...OrdersTab_order
        ...KeysTab_order
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
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  // Signing out ends the session before we leave: without this the page would send the user to /auth.
  if (signingOut) return <LoadingState label="Signing out..." fill />;
  if (status === 'restoring') return <LoadingState label={LOADING} fill />;
  // Back to this exact address after signing in: a link to an order's keys (/dashboard?order=…) keeps its order.
  if (status === 'signedOut') return <Navigate to={signInPath(`/dashboard${location.search}`)} replace />;

  const signOut = async () => {
    setSigningOut(true);
    await session.signOut();
    navigate('/', { replace: true });
  };
  return <SignedInDashboard onSignOut={() => void signOut()} />;
}

/**
 * The open tab: ?tab=…; an order's keys (?order=…) open over the Orders tab; else the tab that holds what the customer
 * bought last (its product kind's `dashboardTab`: "Keys & downloads" for keys and downloads), Certificates by default.
 */
function parseTab(value: string | null, keysOpen: boolean, home: DashboardTab): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.value === value)?.value ?? (keysOpen ? 'orders' : home);
}

/** The tab of the newest order's product kind (orders of products no longer listed count for nothing). */
function homeTab(
  orders: readonly { createdAt: string; product: { fulfilment: FulfilmentKey } | null }[],
): DashboardTab {
  let newest: (typeof orders)[number] | null = null;
  for (const order of orders) if (order.product && (!newest || order.createdAt > newest.createdAt)) newest = order;
  return newest?.product ? fulfilmentFacts(newest.product.fulfilment).dashboardTab : 'certificates';
}

function SignedInDashboard({ onSignOut }: { onSignOut: () => void }) {
  const { data, loading, refetch } = useQuery(DashboardPageQuery);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const keysOrderId = params.get(ORDER_KEYS_PARAM)?.trim() || null;
  const home = homeTab(data?.me?.orders ?? []);
  const tab = parseTab(params.get('tab'), !!keysOrderId, home);
  const [editing, setEditing] = useState(false);
  const { updateProfile, saving } = useUpdateProfile();

  const me = data?.me;
  if (!me) {
    if (loading) return <LoadingState label={LOADING} fill />;
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
    keys: <KeysTab orders={me.orders} />,
    orders: <OrdersTab orders={me.orders} />,
    support: <TicketsTab tickets={me.tickets} />,
    profile: (
      <Stack spacing={3}>
        <ProfileTab profile={me.profile} onEdit={() => setEditing(true)} />
        <SecurityPanel />
      </Stack>
    ),
  }[tab];

  const closeKeys = () => {
    // Opened from the card: going back returns to the list as it was. Opened by a link: stay on the tab it opened
    // over (the Orders tab unless the link named another).
    if ((location.state as OrderKeysLinkState | null)?.keysFromList) navigate(-1);
    else setParams({ tab }, { replace: true });
  };

  return (
    <>
      <DashboardView
        name={profile.fullName?.trim() || me.email}
        counts={counts}
        tab={tab}
        onTabChange={(next) => setParams(next === home ? {} : { tab: next }, { replace: true })}
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
        onSubmit={(values, report) => void updateProfile(values, report).then((ok) => ok && setEditing(false))}
      />
      <OrderKeysDialog orderId={keysOrderId} onClose={closeKeys} />
    </>
  );
}
