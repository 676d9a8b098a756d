import { useQuery } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../adminTexts';
import { AdminList } from '../list/AdminList';
import { useAdminList } from '../list/useAdminList';
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
  const query = useQuery(AdminBlockRulesQuery);
  const list = useAdminList(query, { rows: (data) => data.blockRules, failure: ADMIN_TEXTS.fetchBlockRulesFailed });
  const { add, adding } = useAddBlockRule();
  const { remove, removing } = useRemoveBlockRule();
  const [toRemove, setToRemove] = useState<{ id: string; value: string } | null>(null);

  return (
    <Stack spacing={2} data-testid="admin-block-rules">
      <Typography variant="body2" color="text.secondary">
        A visitor a rule matches cannot sign up, sign in, stay signed in or check out, and is told only to contact
        support. Rules take effect at once on every server.
      </Typography>

      <AddBlockRuleForm adding={adding} onAdd={add} />

      <AdminList
        list={list}
        loadingLabel="Loading block rules..."
        empty={{
          title: 'No block rules yet',
          hint: 'Add an e-mail, a domain, an IP address or a range above to turn its requests away.',
        }}
        toolbarRowFrom="xs"
        toolbarAlign="baseline"
        toolbar={
          <Typography component="h2" variant="h6" sx={{ pt: 1 }}>
            Rules
          </Typography>
        }
        summary={({ total }) => (total === 1 ? '1 rule' : `${total} rules`)}
        renderRows={(rows) => <BlockRuleList rules={rows} onRemove={setToRemove} />}
      />

      <RemoveBlockRuleDialog
        rule={toRemove}
        removing={removing}
        onConfirm={(rule) => void remove(rule.id, rule.value).then((gone) => gone && setToRemove(null))}
        onClose={() => setToRemove(null)}
      />
    </Stack>
  );
}
