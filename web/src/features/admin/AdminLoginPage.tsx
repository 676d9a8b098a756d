import { useQuery } from '@apollo/client/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { LoadingState } from '../../components/PageState';
import { graphql } from '../../gql/admin';
import { AdminLoginForm } from './AdminLoginForm';
import { ADMIN_DASHBOARD_PATH } from './adminPaths';
import { useAdminSignIn } from './useAdminSignIn';

const AdminLoginViewerQuery = graphql(/* GraphQL */ `
  query AdminLoginViewer {
    me {
      id
      email
      isAdmin
    }
  }
`);

/** /admin: an admin who is already signed in goes straight to the dashboard; everyone else signs in. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const { data, loading } = useQuery(AdminLoginViewerQuery, {
    skip: !signedIn,
    fetchPolicy: 'network-only',
  });
  const {
    signIn,
    loading: submitting,
    challenge,
    hasPasskeys,
    codeAccepted,
    codeError,
    completeSignIn,
    completeSignInWithPasskey,
    signInWithPasskey,
    cancelChallenge,
  } = useAdminSignIn();
  const enter = (ok: boolean) => {
    if (ok) navigate(ADMIN_DASHBOARD_PATH, { replace: true });
  };

  if (status === 'restoring' || (signedIn && loading && !data))
    return <LoadingState label="Checking your session..." />;
  if (signedIn && data?.me?.isAdmin) return <Navigate to={ADMIN_DASHBOARD_PATH} replace />;

  return (
    <AdminLoginForm
      submitting={submitting}
      secondFactor={
        challenge
          ? {
              error: codeError,
              onSubmit: async (code) => {
                if (await completeSignIn(code)) navigate(ADMIN_DASHBOARD_PATH, { replace: true });
              },
              onCancel: cancelChallenge,
              onPasskey: hasPasskeys ? () => void completeSignInWithPasskey().then(enter) : undefined,
              codeAccepted,
            }
          : null
      }
      signedInAs={signedIn ? data?.me?.email : null}
      onPasskeySignIn={() => void signInWithPasskey().then(enter)}
      onSubmit={async (values, report) => {
        if (await signIn(values, report)) navigate(ADMIN_DASHBOARD_PATH, { replace: true });
      }}
    />
  );
}
