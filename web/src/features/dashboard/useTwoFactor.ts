import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import { serverFieldMessages } from '../../components/field-errors';
import type { TotpEnrolmentStart } from '../../components/TwoFactorEnrolment';
import { useToast } from '../../components/toast';
import type { ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';

const TwoFactorQuery = graphql(/* GraphQL */ `
  query DashboardTwoFactor {
    me {
      id
      totpEnabled
      recoveryCodesLeft
    }
  }
`);

const BeginMutation = graphql(/* GraphQL */ `
  mutation DashboardBeginTotp {
    beginTotpEnrolment {
      secret
      otpauthUrl
      qrSvg
    }
  }
`);

const ConfirmMutation = graphql(/* GraphQL */ `
  mutation DashboardConfirmTotp($code: String!) {
    confirmTotpEnrolment(code: $code)
  }
`);

const DisableMutation = graphql(/* GraphQL */ `
  mutation DashboardDisableTotp($password: String!, $code: String!) {
    disableTotp(password: $password, code: $code)
  }
`);

const FAILED = 'Could not reach the store. Please check your connection and try again.';

/** The Security section's two-factor part: its state, enrolment and switching it off, each with its toast. */
export function useTwoFactor() {
  const toast = useToast();
  const query = useQuery(TwoFactorQuery, { fetchPolicy: 'cache-and-network' });
  const [beginMutation, begun] = useMutation(BeginMutation);
  const [confirmMutation, confirmed] = useMutation(ConfirmMutation);
  const [disableMutation, disabled] = useMutation(DisableMutation);
  const fail = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, FAILED), severity: 'error' });

  const begin = async (): Promise<TotpEnrolmentStart | null> => {
    try {
      return (await beginMutation()).data?.beginTotpEnrolment ?? null;
    } catch (error) {
      fail(error);
      return null;
    }
  };
  const confirm = async (code: string): Promise<string[] | null> => {
    try {
      return (await confirmMutation({ variables: { code } })).data?.confirmTotpEnrolment ?? null;
    } catch (error) {
      fail(error);
      return null;
    }
  };
  const disable = async (password: string, code: string, report?: ReportFieldErrors): Promise<boolean> => {
    report?.({});
    try {
      await disableMutation({ variables: { password, code } });
      toast({
        title: 'Two-factor sign-in is off',
        description: 'Sign-in asks only for your password.',
        severity: 'success',
      });
      await query.refetch();
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      fail(error);
      return false;
    }
  };
  return {
    status: query.data?.me ?? null,
    busy: begun.loading || confirmed.loading || disabled.loading,
    begin,
    confirm,
    disable,
    refetch: () => void query.refetch(),
  };
}
