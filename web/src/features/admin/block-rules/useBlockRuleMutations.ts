import { useMutation } from '@apollo/client/react';
import { BLOCK_RULE_KIND_LABELS, type ParsedBlockRuleInput } from '../../../../../common/block-rules';
import { useToast } from '../../../components/toast';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { getFragmentData } from '../../../gql/admin';
import {
  AddBlockRuleMutation,
  AdminBlockRuleFragment,
  AdminBlockRulesQuery,
  RemoveBlockRuleMutation,
} from './blockRuleQueries';

/**
 * Adds a rule; it goes to the top of the list (newest first). Resolves with the stored value (the server's canonical
 * form, e.g. a range cut to its network) or rejects with the API's error for the form to show under its field.
 */
export function useAddBlockRule() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(AddBlockRuleMutation, {
    update(cache, { data }) {
      const added = data?.addBlockRule;
      if (!added) return;
      cache.updateQuery({ query: AdminBlockRulesQuery }, (current) =>
        current && !current.blockRules.some((rule) => rule.id === added.id)
          ? { ...current, blockRules: [added, ...current.blockRules] }
          : undefined,
      );
    },
  });
  const add = async (rule: ParsedBlockRuleInput): Promise<void> => {
    const { data } = await mutate({ variables: rule });
    if (!data) return;
    const stored = getFragmentData(AdminBlockRuleFragment, data.addBlockRule);
    toast({
      title: ADMIN_TEXTS.blockRuleAdded,
      description: `${BLOCK_RULE_KIND_LABELS[stored.kind]}: ${stored.value}`,
      severity: 'success',
    });
  };
  return { add, adding: loading };
}

/** Removes a rule and toasts the outcome; resolves true when it is gone. */
export function useRemoveBlockRule() {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(RemoveBlockRuleMutation);
  const remove = async (id: string, value: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'BlockRule', id }) });
          cache.gc();
        },
      });
      toast({ title: ADMIN_TEXTS.blockRuleRemoved, description: value, severity: 'success' });
      return true;
    } catch (error) {
      toast(failureToast(ADMIN_TEXTS.blockRuleRemoveFailed, error));
      return false;
    }
  };
  return { remove, removing: loading };
}
