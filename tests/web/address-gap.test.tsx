/**
 * The admin Overview's gap-limit warning (docs/payments.md "An address per Bitcoin order"), rendered to HTML from the
 * `addressGaps` answer the API would send (tests/api/btc-order-addresses.test.ts checks the answer itself).
 */
import { describe, expect, it } from '@jest/globals';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { AddressGapAlerts } from '../../web/src/features/admin/overview/AddressGapWarning';
import { textOf } from './visible-text';

const gap = { method: 'BTC' as const, handedOut: 26, lastUsedIndex: 25, unusedInARow: 24, gapLimit: 20 };

function render(gaps: Parameters<typeof AddressGapAlerts>[0]['gaps']): string {
  return renderToStaticMarkup(
    <ThemeProvider theme={createTheme()}>
      <AddressGapAlerts gaps={gaps} />
    </ThemeProvider>,
  );
}

describe('the gap-limit warning', () => {
  it('says how many addresses in a row received nothing, and what to raise the wallet’s gap limit to', () => {
    const text = textOf(render([{ ...gap, overLimit: true }]));
    expect(text).toContain('24 BTC addresses in a row received nothing');
    expect(text).toContain('Your wallet stops looking after 20 unused addresses');
    expect(text).toContain('Raise its gap limit to at least 25');
    expect(text).toContain('26 addresses handed out, the last paid one #25.');
  });

  it('is not shown at or under the limit, nor without a method that derives addresses', () => {
    expect(render([{ ...gap, unusedInARow: 20, overLimit: false }])).toBe('');
    expect(render([])).toBe('');
  });

  it('says when none was paid yet', () => {
    expect(textOf(render([{ ...gap, lastUsedIndex: null, unusedInARow: 26, overLimit: true }]))).toContain(
      '26 addresses handed out, none paid yet.',
    );
  });
});
