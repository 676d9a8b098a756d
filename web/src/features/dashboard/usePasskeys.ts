import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation, useQuery } from '@apollo/client/react';
import { SECOND_FACTOR_REASONS } from '../../../../common/two-factor';
import { errorMessage } from '../../apollo/errors';
import { createPasskey } from '../../auth/passkey-browser';
import { useToast } from '../../components/toast';
import { graphql } from '../../gql';

const PasskeysQuery = graphql(/* GraphQL */ `
  query DashboardPasskeys {
    me {
      id
      passkeys {
        id
        name
        createdAt
        lastUsedAt
      }
    }
  }
`);

const BeginMutation = graphql(/* GraphQL */ `
  mutation DashboardBeginPasskeyRegistration {
    beginPasskeyRegistration
  }
`);

const AddMutation = graphql(/* GraphQL */ `
  mutation DashboardAddPasskey($name: String!, $response: String!) {
    addPasskey(name: $name, response: $response) {
      id
    }
  }
`);

const RemoveMutation = graphql(/* GraphQL */ `
  mutation DashboardRemovePasskey($id: ID!) {
    removePasskey(id: $id)
  }
`);

const FAILED = 'Could not reach the store. Please check your connection and try again.';

/** A refusal for a stale check: the step-up dialog (DashboardStepUpDialog) asks, so no toast of its own. */
const needsStepUp = (error: unknown) =>
  CombinedGraphQLErrors.is(error) &&
  error.errors.some((e) => e.extensions?.reason === SECOND_FACTOR_REASONS.stepUpRequired);

/**
 * The Security section's passkeys: the list, adding one (the browser's prompt between beginPasskeyRegistration and
 * addPasskey) and removing one, each with its toast. `add` answers the message for under the name field, or null.
 */
export function usePasskeys() {
  const toast = useToast();
  const query = useQuery(PasskeysQuery, { fetchPolicy: 'cache-and-network' });
  const [beginMutation, begun] = useMutation(BeginMutation);
  const [addMutation, added] = useMutation(AddMutation);
  const [removeMutation, removed] = useMutation(RemoveMutation);
  const fail = (error: unknown) => {
    if (!needsStepUp(error)) toast({ title: 'Error', description: errorMessage(error, FAILED), severity: 'error' });
  };

  const add = async (name: string): Promise<boolean> => {
    try {
      const options = (await beginMutation()).data?.beginPasskeyRegistration;
      if (!options) return false;
      const outcome = await createPasskey(options);
      if ('cancelled' in outcome) return false;
      if ('error' in outcome) {
        toast({ title: 'Error', description: outcome.error, severity: 'error' });
        return false;
      }
      await addMutation({ variables: { name, response: outcome.response } });
      toast({ title: 'Passkey added', description: `“${name}” now signs you in.`, severity: 'success' });
      await query.refetch();
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };
  const remove = async (id: string): Promise<boolean> => {
    try {
      await removeMutation({ variables: { id } });
      toast({ title: 'Passkey removed', description: 'It no longer signs you in.', severity: 'success' });
      await query.refetch();
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };
  return {
    passkeys: query.data?.me?.passkeys ?? null,
    failedToLoad: !!query.error && !query.data,
    busy: begun.loading || added.loading || removed.loading,
    add,
    remove,
  };
}
