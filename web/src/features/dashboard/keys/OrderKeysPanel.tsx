import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { memo, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fulfilmentFacts } from '../../../../../common/fulfilment-kinds';
import { isPaidStatus } from '../../../../../common/order-lifecycle';
import type { Fulfilment, OrderStatus } from '../../../gql/graphql';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { KEYS_TEXTS } from './keys.texts';

/** How many keys the view lists; a bigger order (4,000 keys) shows these and says the rest are in the download. */
export const KEYS_SHOWN = 100;

export interface KeysOrder {
  id: string;
  status: OrderStatus;
  fulfilment: Fulfilment;
  keys: readonly { id: string; value: string }[];
  /** Signed, expiring link to every delivered key as one text file; null before delivery. */
  keysFileUrl: string | null;
  /** A DOWNLOAD product's file once the order is delivered. */
  downloadUrl: string | null;
}

interface Props {
  order: KeysOrder;
  /** What was copied last ('all' or a key's id), shown as "Copied" on its button for a moment. */
  copied: string | null;
  /** Stable across renders: the rows only re-render when their own "Copied" changes. */
  onCopy: (what: { id: string; text: string }) => void;
  /** A click on a signed link (the keys file, the download); the caller may renew an expired link first. */
  onSignedLinkClick?: (event: MouseEvent<HTMLAnchorElement>, field: 'keysFileUrl' | 'downloadUrl') => void;
}

/**
 * What a customer sees of an order's licence keys (docs/inventory.md "Delivery"): before payment, that the keys come
 * once it is confirmed; then each key in a selectable monospace field with its copy button, the download of all keys
 * as a text file, and a DOWNLOAD product's file. A big order lists its first KEYS_SHOWN keys; the download holds all.
 */
export function OrderKeysPanel({ order, copied, onCopy, onSignedLinkClick }: Props) {
  const { keysViewNote } = fulfilmentFacts(order.fulfilment);
  if (keysViewNote) return <Alert severity="info">{keysViewNote}</Alert>;
  if (order.status === 'CANCELLED') return <Alert severity="info">{KEYS_TEXTS.cancelled}</Alert>;
  if (order.status === 'NOT_RECEIVED') return <Alert severity="warning">{KEYS_TEXTS.notReceived}</Alert>;
  if (order.status === 'PENDING') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, sm: 4 } }}>
        <HourglassTopIcon sx={{ fontSize: 48, color: 'warning.main' }} aria-hidden />
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-testid="keys-pending">
          {KEYS_TEXTS.pending}
        </Typography>
        <Typography color="text.secondary">{KEYS_TEXTS.pendingNext}</Typography>
        <Link component={RouterLink} to={`/verify?order=${encodeURIComponent(order.id)}`} sx={{ fontWeight: 600 }}>
          {KEYS_TEXTS.viewPaymentStatus}
        </Link>
      </Stack>
    );
  }
  if (order.keys.length === 0 && !isPaidStatus(order.status)) {
    return <Alert severity="info">{KEYS_TEXTS.none}</Alert>;
  }
  if (order.keys.length === 0) {
    return (
      <Stack
        direction="row"
        spacing={1.5}
        role="status"
        sx={{ alignItems: 'center', py: { xs: 3, sm: 4 }, justifyContent: 'center' }}
        data-testid="keys-delivering"
      >
        <CircularProgress size={22} color="secondary" aria-hidden />
        <Typography>{KEYS_TEXTS.delivering}</Typography>
      </Stack>
    );
  }

  const shown = order.keys.slice(0, KEYS_SHOWN);
  const more = order.keys.length - shown.length;
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography sx={{ fontWeight: 700 }} data-testid="keys-count">
          {KEYS_TEXTS.delivered(order.keys.length)}
        </Typography>
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {KEYS_TEXTS.showingFirst(shown.length, order.keys.length)}
          </Typography>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {order.keysFileUrl && (
          <Button
            component="a"
            href={order.keysFileUrl}
            download
            variant="contained"
            color="secondary"
            startIcon={<DownloadIcon aria-hidden />}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => onSignedLinkClick?.(event, 'keysFileUrl')}
          >
            {KEYS_TEXTS.downloadAll}
          </Button>
        )}
        {order.downloadUrl && (
          <Button
            component="a"
            href={order.downloadUrl}
            download
            variant="outlined"
            startIcon={<DownloadIcon aria-hidden />}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => onSignedLinkClick?.(event, 'downloadUrl')}
          >
            {KEYS_TEXTS.downloadFile}
          </Button>
        )}
        <CopyButton
          label={KEYS_TEXTS.copyAll}
          target={KEYS_TEXTS.allKeys}
          copied={copied === ALL_KEYS}
          onClick={() => onCopy({ id: ALL_KEYS, text: order.keys.map((key) => key.value).join('\n') })}
          variant="outlined"
        />
      </Stack>
      <KeyList
        aria-label={KEYS_TEXTS.keyListLabel}
        data-testid="key-list"
        style={{ ['--key-position-width' as string]: `${String(shown.length).length + 1}ch` }}
      >
        {shown.map((key, index) => (
          <KeyItem
            key={key.id}
            id={key.id}
            value={key.value}
            position={index + 1}
            copied={copied === key.id}
            onCopy={onCopy}
          />
        ))}
      </KeyList>
      {more > 0 && (
        <Typography color="text.secondary" sx={{ fontWeight: 600 }} data-testid="keys-more">
          {KEYS_TEXTS.more(more)}
        </Typography>
      )}
    </Stack>
  );
}

/** What "Copy all" reports as copied (key ids are uuids, so never this). */
const ALL_KEYS = 'all';

// The list's parts are styled once rather than with `sx` on each of up to KEYS_SHOWN rows.
const KeyList = styled('ol')(({ theme }) => ({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: theme.spacing(1),
}));

const KeyRow = styled('li')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  minWidth: 0,
  [theme.breakpoints.up('sm')]: { gap: theme.spacing(1.5) },
}));

const KeyPosition = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  // As wide as the longest position ("100."), so the keys line up.
  minWidth: 'var(--key-position-width, 3ch)',
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  flexShrink: 0,
  // A phone gives the width to the key instead (the list still numbers its items for screen readers).
  display: 'none',
  [theme.breakpoints.up('sm')]: { display: 'inline' },
}));

const KeyValue = styled('code')(({ theme }) => ({
  flexGrow: 1,
  minWidth: 0,
  fontFamily: MONOSPACE_FONT,
  fontSize: '0.78rem',
  lineHeight: 1.5,
  // A key too long for the line breaks at its dashes first, mid-group only when a group alone is too long.
  overflowWrap: 'anywhere',
  // One click selects the whole key, ready to copy by hand.
  userSelect: 'all',
  padding: theme.spacing(0.75),
  borderRadius: Number(theme.shape.borderRadius) * 0.75,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.default,
  color: theme.palette.text.primary,
  [theme.breakpoints.up('sm')]: { fontSize: '0.95rem', padding: theme.spacing(0.75, 1.25) },
}));

/** One key: its position, the key in a selectable monospace field, and its copy button. */
const KeyItem = memo(function KeyItem({
  id,
  value,
  position,
  copied,
  onCopy,
}: {
  id: string;
  value: string;
  position: number;
  copied: boolean;
  onCopy: Props['onCopy'];
}) {
  return (
    <KeyRow>
      <KeyPosition aria-hidden>{position}.</KeyPosition>
      <KeyValue data-testid="licence-key">{value}</KeyValue>
      <CopyButton
        label={KEYS_TEXTS.copy}
        target={KEYS_TEXTS.keyAt(position)}
        copied={copied}
        onClick={() => onCopy({ id, text: value })}
      />
    </KeyRow>
  );
});

/** "Copy" (named "Copy key 3" for screen readers), reading "Copied" for a moment once it has copied. */
function CopyButton({
  label,
  target,
  copied,
  onClick,
  variant = 'text',
}: {
  label: string;
  /** What it copies, in its accessible name: "key 3", "all keys". */
  target: string;
  copied: boolean;
  onClick: () => void;
  variant?: 'text' | 'outlined';
}) {
  return (
    <Button
      variant={variant}
      size={variant === 'text' ? 'small' : 'medium'}
      color={copied ? 'success' : 'primary'}
      startIcon={copied ? <CheckIcon aria-hidden /> : <ContentCopyIcon aria-hidden />}
      onClick={onClick}
      aria-label={`${copied ? KEYS_TEXTS.copied : KEYS_TEXTS.copy} ${target}`}
      sx={
        variant === 'text'
          ? // A phone keeps the width for the key: the word alone, without the icon.
            {
              flexShrink: 0,
              // Wide enough for "Copied" too, so the key beside it does not move.
              minWidth: { xs: 72, sm: 92 },
              '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
            }
          : undefined
      }
    >
      {copied ? KEYS_TEXTS.copied : label}
    </Button>
  );
}
