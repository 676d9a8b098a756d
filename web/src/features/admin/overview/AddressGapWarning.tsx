import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { graphql } from '../../../gql/admin';
import type { AdminAddressGapsQuery } from '../../../gql/admin/graphql';

const AdminAddressGapsDocument = graphql(/* GraphQL */ `
  query AdminAddressGaps {
    addressGaps {
      method
      handedOut
      lastUsedIndex
      unusedInARow
      gapLimit
      overLimit
    }
  }
`);

/** Read again every five minutes: a gap grows with abandoned checkouts, not by the second. */
const GAPS_POLL_MS = 5 * 60_000;

/**
 * The Overview's warning when more than the gap limit (20) of the addresses handed out to orders in a row received
 * nothing (BTC_XPUB, docs/payments.md "An address per Bitcoin order"): the seller's wallet stops looking after that
 * many unused addresses, so it would not show the payments to later ones until its gap limit is raised. The store
 * still sees and counts them. Nothing when all is well, or while the answer is loading or failed.
 */
export function AddressGapWarning() {
  const { data } = useQuery(AdminAddressGapsDocument, { pollInterval: GAPS_POLL_MS });
  return <AddressGapAlerts gaps={data?.addressGaps ?? []} />;
}

/** The warning itself, for the gaps the API reported: one alert per method over the gap limit, else nothing. */
export function AddressGapAlerts({ gaps }: { gaps: readonly AdminAddressGapsQuery['addressGaps'][number][] }) {
  const over = gaps.filter((gap) => gap.overLimit);
  if (over.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="address-gap-warning">
      {over.map((gap) => (
        <Alert key={gap.method} severity="warning" variant="outlined">
          <AlertTitle>
            {gap.unusedInARow} {gap.method} addresses in a row received nothing
          </AlertTitle>
          Your wallet stops looking after {gap.gapLimit} unused addresses, so it may not show payments to later ones
          (orders that were abandoned or expired leave their addresses unused). Raise its gap limit to at least{' '}
          {gap.unusedInARow + 1} (an advanced setting in most wallets); the store itself reads every order&apos;s
          address. {gap.handedOut} addresses handed out
          {gap.lastUsedIndex === null ? ', none paid yet' : `, the last paid one #${gap.lastUsedIndex}`}.
        </Alert>
      ))}
    </Stack>
  );
}
