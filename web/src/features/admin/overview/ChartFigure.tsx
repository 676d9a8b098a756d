import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';

export interface ChartTable {
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/**
 * A chart with its text alternative: a caption that says what it shows (visually hidden, for screen readers) and a
 * "Show table" toggle with every value the chart draws.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
  testId,
}: {
  title: string;
  /** One sentence with the chart's main numbers, for screen readers. */
  summary: string;
  table: ChartTable;
  children: ReactNode;
  testId?: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      data-testid={testId}
      aria-labelledby={`${id}-title`}
      sx={{ m: 0, p: { xs: 1.5, sm: 2 }, borderRadius: '16px', minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="h6">
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<TableChartOutlinedIcon aria-hidden />}
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((shown) => !shown)}
          sx={{ flexShrink: 0 }}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </Stack>
      <Box component="figcaption" sx={visuallyHidden}>
        {summary}
      </Box>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      <Box id={`${id}-table`} hidden={!showTable}>
        {showTable ? (
          <TableContainer sx={{ maxHeight: 360, overflow: 'auto', mt: 1 }}>
            <Table size="small" stickyHeader aria-label={title} sx={ADMIN_TABLE_SX}>
              <TableHead>
                <TableRow sx={ADMIN_TABLE_HEAD_SX}>
                  {table.columns.map((column) => (
                    <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                      {column.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={row.key}>
                    {row.cells.map((cell, index) => (
                      <TableCell
                        key={table.columns[index].label}
                        align={table.columns[index].numeric ? 'right' : 'left'}
                      >
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Box>
    </Paper>
  );
}
