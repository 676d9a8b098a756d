import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { Fragment, type ReactNode } from 'react';
import { ADMIN_TABLE_HEAD_SX, ADMIN_TABLE_SX } from '../ResponsiveListFrame';

/** One column of an admin list: its table cell and where the same fact goes on the phone's card. */
export interface RowColumn<R> {
  /** The column's header, and the card field's label unless `card.label` says otherwise. */
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
  align?: 'left' | 'right';
  /** The table cells' own style (widths, wrapping). */
  sx?: SxProps<Theme>;
  /** The table cell; a column without one is a fact of the cards only. */
  cell?: (row: R) => ReactNode;
  /**
   * On the cards: a labelled field (`value` defaults to the cell; a value of null leaves the field out; `wide` spans
   * the card), the card's row of actions (`as: 'actions'`), or nothing (false: the card's title or aside shows it).
   */
  card?: false | { as?: 'field' | 'actions'; label?: string; wide?: boolean; value?: (row: R) => ReactNode };
}

/** An admin list's rows, described once: a table on wide screens and one card per row on phones and tablets. */
export interface RowDescription<R> {
  /** The table's accessible name ("Customers"). */
  label: string;
  /** Every row's and card's data-testid (the browser tests find rows by it). */
  rowTestId: string;
  key: (row: R) => string;
  columns: readonly RowColumn<R>[];
  card: {
    /** Each card's accessible name ("Order 3f6c1a2b"). */
    label?: (row: R) => string;
    /** The card's heading block, top left. */
    title: (row: R) => ReactNode;
    /** Top right: a status chip, a total, a button. */
    aside?: (row: R) => ReactNode;
  };
}

/** Rows of a list from their description: a table from lg up, cards below (one media query, read on the client). */
export function AdminRows<R>({ description, rows }: { description: RowDescription<R>; rows: readonly R[] }) {
  const theme = useTheme();
  const asCards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  return asCards ? (
    <RowCards description={description} rows={rows} />
  ) : (
    <RowTable description={description} rows={rows} />
  );
}

function RowTable<R>({ description, rows }: { description: RowDescription<R>; rows: readonly R[] }) {
  const columns = description.columns.filter((column) => column.cell);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={description.label} sx={ADMIN_TABLE_SX}>
        <TableHead>
          <TableRow sx={ADMIN_TABLE_HEAD_SX}>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.hiddenHeader ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.header}
                  </Box>
                ) : (
                  column.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={description.key(row)} hover data-testid={description.rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={column.sx}>
                  {column.cell?.(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RowCards<R>({ description, rows }: { description: RowDescription<R>; rows: readonly R[] }) {
  const { card } = description;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {rows.map((row) => {
        const fields: ReactNode[] = [];
        const actions: ReactNode[] = [];
        for (const column of description.columns) {
          if (column.card === false) continue;
          const place = column.card ?? {};
          const value = place.value ? place.value(row) : column.cell?.(row);
          if (value === null || value === undefined) continue;
          if (place.as === 'actions') actions.push(<Fragment key={column.header}>{value}</Fragment>);
          else
            fields.push(
              <Field key={column.header} label={place.label ?? column.header} wide={place.wide}>
                {value}
              </Field>,
            );
        }
        const aside = card.aside?.(row);
        return (
          <Card
            key={description.key(row)}
            component="article"
            data-testid={description.rowTestId}
            aria-label={card.label?.(row)}
          >
            <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>{card.title(row)}</Box>
                {aside ? <Box sx={{ flexShrink: 0 }}>{aside}</Box> : null}
              </Stack>
              {fields.length > 0 ? (
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, my: 1.5 }}>
                  {fields}
                </Box>
              ) : null}
              {actions.length > 0 ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  {actions}
                </Stack>
              ) : null}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

/** One labelled fact of a card or a detail view (a `dt`/`dd` pair); `wide` spans the whole grid row. */
export function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
