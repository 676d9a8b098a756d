import { useQuery } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { useToast } from '../../../components/toast';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import { EmptyListState, ResponsiveListFrame } from '../ResponsiveListFrame';
import { AddBlockRuleForm } from './AddBlockRuleForm';
import { BlockRuleList } from './BlockRuleList';
import { AdminBlockRulesQuery } from './blockRuleQueries';
import { RemoveBlockRuleDialog } from './RemoveBlockRuleDialog';
import { useAddBlockRule, useRemoveBlockRule } from './useBlockRuleMutations';

/**
 * The Block rules tab (docs/product.md "Block rules"): e-mail addresses, e-mail domains, IP addresses and ranges that
 * are turned away at sign-up, sign-in, session refresh and checkout. An add form above the list (newest first), and
 * Remove with a confirmation.
 */
export function BlockRulesTab() {
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(AdminBlockRulesQuery);
  const { add, adding } = useAddBlockRule();
  const { remove, removing } = useRemoveBlockRule();
  const [toRemove, setToRemove] = useState<{ id: string; value: string } | null>(null);

  useEffect(() => {
    if (error) toast(failureToast(ADMIN_TEXTS.fetchBlockRulesFailed, error));
  }, [error, toast]);

  const rules = data?.blockRules;
  return (
    <Stack spacing={2} data-testid="admin-block-rules">
      <Typography variant="body2" color="text.secondary">
        A visitor a rule matches cannot sign up, sign in, stay signed in or check out, and is told only to contact
        support. Rules take effect at once on every server.
      </Typography>

      <AddBlockRuleForm adding={adding} onAdd={add} />

      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, pt: 1 }}>
        <Typography component="h2" variant="h6">
          Rules
        </Typography>
        {rules ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {rules.length === 1 ? '1 rule' : `${rules.length} rules`}
          </Typography>
        ) : null}
      </Stack>

      <ResponsiveListFrame>
        {loading && !rules ? (
          <LoadingState label="Loading block rules..." />
        ) : !rules ? (
          <ErrorState
            message={ADMIN_TEXTS.fetchBlockRulesFailed}
            action={<RetryButton onRetry={() => void refetch()} />}
          />
        ) : rules.length === 0 ? (
          <EmptyListState
            title="No block rules yet"
            hint="Add an e-mail, a domain, an IP address or a range above to turn its requests away."
          />
        ) : (
          <BlockRuleList rules={rules} onRemove={setToRemove} />
        )}
      </ResponsiveListFrame>

      <RemoveBlockRuleDialog
        rule={toRemove}
        removing={removing}
        onConfirm={(rule) => void remove(rule.id, rule.value).then((gone) => gone && setToRemove(null))}
        onClose={() => setToRemove(null)}
      />
    </Stack>
  );
}
