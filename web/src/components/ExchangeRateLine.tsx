import Box from '@mui/material/Box';
import { exchangeRateText, rateSourceLabel, type ExchangeRateFacts } from '../../../common/exchange-rate';

/**
 * "1 BTC = 50,000.00 USD · source kraken" (common/exchange-rate.ts) for the page: on a narrow screen it breaks at
 * the dot between the rate and its source, never inside either.
 */
export function ExchangeRateLine({ rate }: { rate: ExchangeRateFacts }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {exchangeRateText(rate)}
      </Box>{' '}
      ·{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        source {rateSourceLabel(rate.source)}
      </Box>
    </>
  );
}
