import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState, RetryButton } from '../../../components/PageState';
import { EmptyListState, LoadMoreButton, ResponsiveListFrame, shownOfTotal } from '../ResponsiveListFrame';
import type { AdminListState } from './useAdminList';

export interface AdminListProps<N> {
  list: AdminListState<N>;
  /** "Loading customers...". */
  loadingLabel: string;
  /** What the list says when it has no rows: what is missing, and what would fill it. */
  empty: { title: string; hint: string };
  /** The rows, once there are some (a RowDescription's AdminRows, or a list of the tab's own). */
  renderRows: (rows: readonly N[]) => ReactNode;
  /** Filters, a search field or a sentence, left of the summary. */
  toolbar?: ReactNode;
  /** The summary's noun ("customer": "Showing 20 of 135 customers"); without it, `summary` or nothing. */
  noun?: string;
  /** A summary of the list's own instead of "Showing N of M …" (e.g. "3 rules"). */
  summary?: (list: AdminListState<N>) => ReactNode;
  /** Shown after the summary (e.g. the queue's "2 overdue" chip). */
  summaryExtra?: ReactNode;
  /** Where the toolbar turns from a column into a row ('xs': always a row). */
  toolbarRowFrom?: 'xs' | 'sm' | 'md';
  /** How the toolbar's row lines its items up: centred (fields), or on the text's baseline (a heading). */
  toolbarAlign?: 'center' | 'baseline';
  /**
   * The frame: 'responsive' (bordered table on wide screens, frameless cards below), 'paper' (always bordered), or
   * 'none' (the rows are cards of their own; only the loading, error and empty states get a bordered frame).
   */
  frame?: 'responsive' | 'paper' | 'none';
}

const PAPER_SX = { borderRadius: '16px', overflow: 'hidden' } as const;

/**
 * The one shell of every admin list: a toolbar with the summary ("Showing 20 of 135 customers", a live region),
 * the designed loading, error (with Try again) and empty states, the rows, and "Load more" under a paged list.
 * Renders siblings, so the tab's Stack spaces them.
 */
export function AdminList<N>(props: AdminListProps<N>) {
  const { list, frame = 'responsive', toolbarRowFrom = 'sm', toolbarAlign = 'center' } = props;
  const summary = listSummary(props);

  const body =
    list.status === 'loading' ? (
      <LoadingState label={props.loadingLabel} />
    ) : list.status === 'failed' ? (
      <ErrorState message={list.failure} action={<RetryButton onRetry={list.retry} />} />
    ) : list.status === 'empty' ? (
      <EmptyListState title={props.empty.title} hint={props.empty.hint} />
    ) : null;

  return (
    <>
      {props.toolbar || summary ? (
        <Stack
          direction={{ xs: toolbarRowFrom === 'xs' ? 'row' : 'column', [toolbarRowFrom]: 'row' }}
          spacing={2}
          // A gap, not margins: the summary's own margin puts it at the end of a row, the filters stay together.
          useFlexGap
          sx={{ alignItems: { [toolbarRowFrom]: toolbarAlign } }}
        >
          {props.toolbar}
          {summary}
        </Stack>
      ) : null}

      {frame === 'none' ? (
        body ? (
          <Paper variant="outlined" sx={PAPER_SX}>
            {body}
          </Paper>
        ) : (
          props.renderRows(list.rows)
        )
      ) : frame === 'paper' ? (
        <Paper variant="outlined" sx={PAPER_SX}>
          {body ?? props.renderRows(list.rows)}
        </Paper>
      ) : (
        <ResponsiveListFrame>{body ?? props.renderRows(list.rows)}</ResponsiveListFrame>
      )}

      <LoadMoreButton hasNextPage={list.hasNextPage} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}

function listSummary<N>({ list, noun, summary, summaryExtra, toolbarRowFrom = 'sm' }: AdminListProps<N>) {
  if (list.total === null) return null;
  const text = summary ? summary(list) : noun ? shownOfTotal(list.rows.length, list.total, noun) : null;
  if (text === null) return null;
  return <ListSummary text={text} extra={summaryExtra} sx={{ ml: { [toolbarRowFrom]: 'auto' }, flexShrink: 0 }} />;
}

/** The summary line: a live region, so a screen reader hears "Showing 1 of 1 customer" after a search. */
export function ListSummary({ text, extra, sx }: { text: ReactNode; extra?: ReactNode; sx?: object }) {
  return (
    <Stack direction="row" role="status" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, ...sx }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
      {extra}
    </Stack>
  );
}
