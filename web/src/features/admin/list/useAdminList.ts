import { useEffect, useState } from 'react';
import { useToast } from '../../../components/toast';
import { failureToast } from '../admin-toasts';

/** A keyset-paged connection as the admin API returns its lists (`totalCount`, `pageInfo`, `edges`). */
export interface ListPage<N> {
  totalCount: number;
  pageInfo: { endCursor?: string | null; hasNextPage: boolean };
  edges: readonly { node: N }[];
}

/** What the kit reads from a list's `useQuery` result (the route component runs the query itself). */
export interface ListQuery<TData> {
  data: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
  /**
   * Apollo's fetchMore: "Load more" asks for the page after the last cursor. Typed loosely, so that lists without an
   * `$after` variable pass their result as it is; only a connection with a cursor calls it.
   */
  fetchMore?: unknown;
}

type FetchAfter = (options: { variables: { after: string } }) => Promise<unknown>;

/** One admin list's state, as AdminList shows it. */
export interface AdminListState<N> {
  /** Loading (nothing yet), failed (nothing to show), empty, or ready with rows. */
  status: 'loading' | 'failed' | 'empty' | 'ready';
  rows: readonly N[];
  /** How many rows the list has in all (the connection's `totalCount`, or the rows of an unpaged list); null before the first answer. */
  total: number | null;
  hasNextPage: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<void>;
  retry: () => void;
  /** The list's fetch failure text (the retry state and the toast). */
  failure: string;
}

/**
 * The one hook of every admin list: reads the rows out of the query's answer (a paged connection or a plain array),
 * tells a failed fetch in a toast, and loads the next page for "Load more" (a failure there is a toast too, and the
 * rows on screen stay).
 */
export function useAdminList<TData, N>(
  query: ListQuery<TData>,
  options: { rows: (data: TData) => ListPage<N> | readonly N[] | null | undefined; failure: string },
): AdminListState<N> {
  const toast = useToast();
  const { failure } = options;
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, loading, error, refetch, fetchMore } = query;

  useEffect(() => {
    if (error) toast(failureToast(failure, error));
  }, [error, failure, toast]);

  const answer = data === undefined ? undefined : (options.rows(data) ?? undefined);
  const page = answer && !isArray(answer) ? answer : undefined;
  const rows = answer ? (isArray(answer) ? answer : answer.edges.map((edge) => edge.node)) : [];
  const endCursor = page?.pageInfo.endCursor;

  const loadMore = async () => {
    if (!endCursor || !fetchMore) return;
    setLoadingMore(true);
    try {
      await (fetchMore as FetchAfter)({ variables: { after: endCursor } });
    } catch (failed) {
      toast(failureToast(failure, failed));
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    status: !answer ? (loading ? 'loading' : 'failed') : rows.length === 0 ? 'empty' : 'ready',
    rows,
    total: answer ? (page ? page.totalCount : rows.length) : null,
    hasNextPage: !!page?.pageInfo.hasNextPage,
    loadingMore,
    loadMore,
    retry: () => void refetch().catch(() => undefined),
    failure,
  };
}

function isArray<N>(value: ListPage<N> | readonly N[]): value is readonly N[] {
  return Array.isArray(value);
}
