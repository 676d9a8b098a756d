import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { BLOCK_RULE_KIND_LABELS } from '../../../../../common/block-rules';
import { formatDateTime } from '../../../format/date';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { AdminBlockRule_RuleFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { AdminRows, type RowDescription } from '../list/AdminRows';
import { AdminBlockRuleFragment } from './blockRuleQueries';

type Row = AdminBlockRule_RuleFragment;

interface BlockRuleListProps {
  rules: readonly FragmentType<typeof AdminBlockRuleFragment>[];
  onRemove: (rule: { id: string; value: string }) => void;
}

/** The rules, newest first: a table on wide screens, one card per rule on phones and tablets (as the other lists). */
export function BlockRuleList({ rules, onRemove }: BlockRuleListProps) {
  const rows = rules.map((rule) => getFragmentData(AdminBlockRuleFragment, rule));
  return <AdminRows description={ruleRows(onRemove)} rows={rows} />;
}

function KindChip({ row }: { row: Row }) {
  return <Chip size="small" variant="outlined" label={BLOCK_RULE_KIND_LABELS[row.kind]} sx={{ fontWeight: 600 }} />;
}

function Value({ row }: { row: Row }) {
  return (
    <Typography variant="body2" sx={{ fontFamily: MONOSPACE_FONT, fontWeight: 600, overflowWrap: 'anywhere' }}>
      {row.value}
    </Typography>
  );
}

function Added({ row }: { row: Row }) {
  return (
    <>
      {formatDateTime(row.createdAt)}
      {row.createdByEmail ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          by {row.createdByEmail}
        </Typography>
      ) : null}
    </>
  );
}

function RemoveButton({ row, onRemove }: { row: Row; onRemove: BlockRuleListProps['onRemove'] }) {
  return (
    <Button
      size="small"
      color="error"
      startIcon={<DeleteOutlineIcon aria-hidden />}
      onClick={() => onRemove({ id: row.id, value: row.value })}
      aria-label={`Remove the rule for ${row.value}`}
    >
      Remove
    </Button>
  );
}

/** The list's columns and cards, described once. */
function ruleRows(onRemove: BlockRuleListProps['onRemove']): RowDescription<Row> {
  return {
    label: 'Block rules',
    rowTestId: 'block-rule',
    key: (row) => row.id,
    columns: [
      { header: 'Kind', sx: { whiteSpace: 'nowrap' }, cell: (row) => <KindChip row={row} />, card: false },
      { header: 'Value', sx: { minWidth: 180, maxWidth: 360 }, cell: (row) => <Value row={row} />, card: false },
      {
        header: 'Reason',
        sx: { maxWidth: 360, overflowWrap: 'anywhere' },
        cell: (row) =>
          row.reason ?? (
            <Typography component="span" variant="body2" color="text.secondary">
              —
            </Typography>
          ),
        card: { wide: true, value: (row) => row.reason || null },
      },
      {
        header: 'Added',
        sx: { whiteSpace: 'nowrap' },
        cell: (row) => <Added row={row} />,
        card: { wide: true },
      },
      {
        header: 'Remove',
        hiddenHeader: true,
        align: 'right',
        cell: (row) => <RemoveButton row={row} onRemove={onRemove} />,
        card: false,
      },
    ],
    card: {
      label: (row) => `Rule for ${row.value}`,
      title: (row) => (
        <>
          <KindChip row={row} />
          <Box sx={{ mt: 1 }}>
            <Value row={row} />
          </Box>
        </>
      ),
      aside: (row) => <RemoveButton row={row} onRemove={onRemove} />,
    },
  };
}
