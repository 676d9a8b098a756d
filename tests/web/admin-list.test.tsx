/**
 * The admin list kit (web/src/features/admin/list): the one shell every admin tab shows (loading, error, empty,
 * "Showing N of M …", Load more) and the rows drawn from one description, as a table on wide screens and cards on
 * phones. The real components render here, to HTML.
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { textOf } from './visible-text';
import { AdminList } from '../../web/src/features/admin/list/AdminList';
import { AdminRows, type RowDescription } from '../../web/src/features/admin/list/AdminRows';
import type { AdminListState } from '../../web/src/features/admin/list/useAdminList';

/** Renders as the browser would below (`phone`) or above MUI's lg breakpoint (cards or table). */
function render(element: ReactElement, phone = false): string {
  const theme = createTheme({ components: { MuiUseMediaQuery: { defaultProps: { defaultMatches: phone } } } });
  return renderToStaticMarkup(<ThemeProvider theme={theme}>{element}</ThemeProvider>);
}

interface Row {
  id: string;
  name: string;
  orders: number;
  note: string | null;
}

const rows: Row[] = [
  { id: 'a', name: 'Ada', orders: 3, note: 'VIP' },
  { id: 'b', name: 'Grace', orders: 0, note: null },
];

function state(overrides: Partial<AdminListState<Row>>): AdminListState<Row> {
  return {
    status: 'ready',
    rows,
    total: 135,
    hasNextPage: true,
    loadingMore: false,
    loadMore: async () => undefined,
    retry: () => undefined,
    failure: 'Failed to fetch people',
    ...overrides,
  };
}

const description: RowDescription<Row> = {
  label: 'People',
  rowTestId: 'person',
  key: (row) => row.id,
  columns: [
    { header: 'Name', cell: (row) => row.name, card: false },
    { header: 'Orders', align: 'right', cell: (row) => row.orders },
    { header: 'Note', cell: (row) => row.note ?? '—', card: { wide: true, value: (row) => row.note } },
    { header: 'Open', hiddenHeader: true, cell: (row) => <button>Open {row.name}</button>, card: { as: 'actions' } },
  ],
  card: { label: (row) => `Person ${row.name}`, title: (row) => <strong>{row.name}</strong> },
};

function list(overrides: Partial<AdminListState<Row>>) {
  return (
    <AdminList
      list={state(overrides)}
      noun="person"
      loadingLabel="Loading people..."
      empty={{ title: 'No people yet', hint: 'People appear here as they sign up.' }}
      renderRows={(shown) => <AdminRows description={description} rows={shown} />}
    />
  );
}

describe('admin list kit: the shell', () => {
  it('says what it loads, and nothing else, before the first answer', () => {
    const text = textOf(render(list({ status: 'loading', rows: [], total: null, hasNextPage: false })));
    expect(text).toBe('Loading people...');
  });

  it('says the fetch failed with a way to try again', () => {
    const text = textOf(render(list({ status: 'failed', rows: [], total: null, hasNextPage: false })));
    expect(text).toBe('Failed to fetch people Try again');
  });

  it('says what is missing and what would fill it when there are no rows', () => {
    const html = render(list({ status: 'empty', rows: [], total: 0, hasNextPage: false }));
    expect(textOf(html)).toBe('Showing 0 of 0 persons No people yet People appear here as they sign up.');
  });

  it('summarises how much is on screen in a live region, and offers the next page', () => {
    const html = render(list({}));
    expect(html).toMatch(/role="status"[^>]*>.*Showing 2 of 135 persons/);
    expect(textOf(html).endsWith('Load more')).toBe(true);
    expect(textOf(render(list({ hasNextPage: false }))).endsWith('Load more')).toBe(false);
  });
});

describe('admin list kit: one row description, a table or cards', () => {
  it('draws a table on wide screens, every column with its cell', () => {
    const html = render(<AdminRows description={description} rows={rows} />);
    expect(html).toContain('<table');
    expect(html).toContain('aria-label="People"');
    expect(html.match(/data-testid="person"/g)).toHaveLength(2);
    expect(textOf(html)).toBe('Name Orders Note Open Ada 3 VIP Open Ada Grace 0 — Open Grace');
  });

  it('draws a card per row on phones: the title, the labelled facts it has, then the actions', () => {
    const html = render(<AdminRows description={description} rows={rows} />, true);
    expect(html).not.toContain('<table');
    expect(html.match(/<article[^>]*data-testid="person"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Person Grace"');
    const [ada, grace] = html
      .split('<article')
      .slice(1)
      .map((chunk) => textOf(`<x ${chunk}`));
    expect(ada).toBe('Ada Orders 3 Note VIP Open Ada');
    // A fact without a value is left out, not shown empty.
    expect(grace).toBe('Grace Orders 0 Open Grace');
  });
});
