import { useMutation } from '@apollo/client/react';
import { profileSchema } from '../../../../common/validation';
import { errorMessage } from '../../apollo/errors';
import { useToast } from '../../components/toast';
import { serverFieldMessages } from '../../components/field-errors';
import { parseOrToast, type ReportFieldErrors } from '../../components/validation-toast';
import { graphql } from '../../gql';
import type { ProfileValues } from './components/EditProfileDialog';

const UpdateProfileMutation = graphql(/* GraphQL */ `
  mutation DashboardUpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      id
      ...ProfileTab_profile
    }
  }
`);

/**
 * Edit Profile: validate (first message as 'Validation Error', each field's under it through `report`), save,
 * toast. The returned Profile
 * updates the cache by id, so the tab and the navigation bar's name change without a refetch.
 * Resolves true when saved.
 */
export function useUpdateProfile() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(UpdateProfileMutation);
  const updateProfile = async (values: ProfileValues, report?: ReportFieldErrors): Promise<boolean> => {
    const parsed = parseOrToast(profileSchema, values, toast, report);
    if (!parsed) return false;
    try {
      await mutate({ variables: { input: parsed } });
      toast({ title: 'Profile updated', description: 'Your changes have been saved.', severity: 'success' });
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update profile'), severity: 'error' });
      return false;
    }
  };
  return { updateProfile, saving: loading };
}
