import { useMutation, useQuery } from '@apollo/client/react';
import { changePasswordSchema, emailChangeSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { session } from '../../auth/session';
import { confirmationMessages, serverFieldMessages } from '../../components/field-errors';
import { useToast } from '../../components/toast';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';

const SecurityQuery = graphql(/* GraphQL */ `
  query DashboardSecurity {
    me {
      id
      email
      emailVerified
    }
    mySessions {
      id
      createdAt
      lastUsedAt
      device
      approximateIp
      current
    }
  }
`);

const ResendMutation = graphql(/* GraphQL */ `
  mutation DashboardResendVerification {
    resendVerificationEmail
  }
`);

const ChangePasswordMutation = graphql(/* GraphQL */ `
  mutation DashboardChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

const RequestEmailChangeMutation = graphql(/* GraphQL */ `
  mutation DashboardRequestEmailChange($newEmail: String!, $password: String!) {
    requestEmailChange(newEmail: $newEmail, password: $password)
  }
`);

const RevokeSessionMutation = graphql(/* GraphQL */ `
  mutation DashboardRevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

const SignOutEverywhereMutation = graphql(/* GraphQL */ `
  mutation DashboardSignOutEverywhere {
    signOutEverywhere
  }
`);

/**
 * The Security section's data and actions: the address and its confirmation, the sessions, and each change with its
 * toast. Each action resolves true when done (forms clear then). The two forms pass `report`: their fields' messages,
 * the browser's and the API's (a wrong current password), go under the fields.
 */
export function useSecurity() {
  const toast = useToast();
  const query = useQuery(SecurityQuery, { fetchPolicy: 'cache-and-network' });
  const [resend, resending] = useMutation(ResendMutation);
  const [changePassword, changingPassword] = useMutation(ChangePasswordMutation);
  const [requestEmailChange, requestingEmail] = useMutation(RequestEmailChangeMutation);
  const [revoke, revoking] = useMutation(RevokeSessionMutation);
  const [everywhere, signingOutEverywhere] = useMutation(SignOutEverywhereMutation);

  const attempt = async (
    run: () => Promise<unknown>,
    success: { title: string; description: string },
    report?: ReportFieldErrors,
  ) => {
    try {
      await run();
      toast({ ...success, severity: 'success' });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({
        title: 'Error',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        severity: 'error',
      });
      return false;
    }
  };

  return {
    query,
    busy:
      resending.loading ||
      changingPassword.loading ||
      requestingEmail.loading ||
      revoking.loading ||
      signingOutEverywhere.loading,
    resendVerification: () =>
      attempt(() => resend(), {
        title: 'E-mail sent',
        description: 'Follow the link in it to confirm your address.',
      }),
    changePassword: async (
      currentPassword: string,
      newPassword: string,
      confirm: string,
      report?: ReportFieldErrors,
    ) => {
      const mismatch = confirmationMessages(newPassword, confirm);
      const parsed = parseOrToast(changePasswordSchema, { currentPassword, newPassword }, toast, report, mismatch);
      if (!parsed) return false;
      const ok = await attempt(
        () => changePassword({ variables: parsed }),
        { title: 'Password changed', description: 'Your other devices were signed out.' },
        report,
      );
      if (ok) void query.refetch();
      return ok;
    },
    requestEmailChange: async (newEmail: string, password: string, report?: ReportFieldErrors) => {
      const parsed = parseOrToast(emailChangeSchema, { newEmail, password }, toast, report);
      if (!parsed) return false;
      return attempt(
        () => requestEmailChange({ variables: parsed }),
        {
          title: 'Check your new inbox',
          description: `We sent a link to ${parsed.newEmail}. Your address changes when you follow it.`,
        },
        report,
      );
    },
    revokeSession: async (id: string) => {
      const ok = await attempt(() => revoke({ variables: { id } }), {
        title: 'Signed out',
        description: 'That device was signed out.',
      });
      if (ok) void query.refetch();
      return ok;
    },
    signOutEverywhere: async () => {
      const ok = await attempt(() => everywhere(), {
        title: 'Signed out everywhere',
        description: 'Every device, this one included, was signed out.',
      });
      if (ok) await session.signOut();
      return ok;
    },
  };
}
