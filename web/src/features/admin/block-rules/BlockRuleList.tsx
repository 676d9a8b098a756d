import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { BLOCK_RULE_KIND_LABELS } from '../../../../../common/block-rules';
import { formatDateTime } from '../../../format/date';
import { getFragmentData, type FragmentType } from '../../../gql/admin';
import type { AdminBlockRule_RuleFragment } from '../../../gql/admin/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { Field } from '../orders/OrdersList';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';
import { AdminBlockRuleFragment } from './blockRuleQueries';

type Row = AdminBlockRule_RuleFragment;

interface BlockRuleListProps {
  rules: FragmentType<typeof AdminBlockRuleFragment>[];
  onRemove: (rule: { id: string; value: string }) => void;
}

/** The rules, newest first: a table on wide screens, one card per rule on phones and tablets (as the other lists). */
export function BlockRuleList({ rules, onRemove }: BlockRuleListProps) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const rows = rules.map((rule) => getFragmentData(AdminBlockRuleFragment, rule));
  return asCards ? <RuleCards rows={rows} onRemove={onRemove} /> : <RuleTable rows={rows} onRemove={onRemove} />;
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

function RuleTable({ rows, onRemove }: { rows: readonly Row[]; onRemove: BlockRuleListProps['onRemove'] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Block rules" sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            <TableCell>Kind</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Added</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Remove
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid="block-rule">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <KindChip row={row} />
              </TableCell>
              <TableCell sx={{ minWidth: 180, maxWidth: 360 }}>
                <Value row={row} />
              </TableCell>
              <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                {row.reason ?? (
                  <Typography component="span" variant="body2" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Added row={row} />
              </TableCell>
              <TableCell align="right">
                <RemoveButton row={row} onRemove={onRemove} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RuleCards({ rows, onRemove }: { rows: readonly Row[]; onRemove: BlockRuleListProps['onRemove'] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 1.5,
      }}
    >
      {rows.map((row) => (
        <Card key={row.id} component="li" variant="outlined" data-testid="block-rule" sx={{ borderRadius: '16px' }}>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <KindChip row={row} />
              <RemoveButton row={row} onRemove={onRemove} />
            </Stack>
            <Value row={row} />
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 1, m: 0, mt: 1.5 }}>
              {row.reason ? <Field label="Reason">{row.reason}</Field> : null}
              <Field label="Added">
                <Added row={row} />
              </Field>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
