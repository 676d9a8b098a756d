import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTOR_KIND_LABELS, ORDER_PLACED_NOTE, ORDER_STATUS_LABELS } from '../../../../../common/labels';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/admin';
import { formatDateTime } from '../../../format/date';
import { isHistoryNote } from '../../../format/order-status';

const AdminOrderAuditFragment = graphql(/* GraphQL */ `
  fragment AdminOrderAudit_order on Order {
    events {
      id
      fromStatus
      toStatus
      note
      actorKind
      actorEmail
      reason
      override
      createdAt
    }
  }
`);

/**
 * An order's history (order_events), oldest first: every status change with who made it (Customer, Admin or System,
 * and the person's e-mail), when, why (the reason), and whether it was an admin's override of the lifecycle. An event
 * whose status stays the same is a note, not a change (its licence keys reserved, delivered or released back to stock,
 * "3 licence keys delivered"; a certificate issued): shown as that note with who and when, and the status it
 * happened in.
 */
export function OrderAuditTrail(props: { order: FragmentType<typeof AdminOrderAuditFragment> }) {
  const { events } = getFragmentData(AdminOrderAuditFragment, props.order);
  if (events.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No changes recorded yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Order history" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {events.map((event, index) => (
        <Box
          component="li"
          key={event.id}
          data-testid="order-event"
          sx={{
            position: 'relative',
            pl: 3,
            pb: index === events.length - 1 ? 0 : 2,
            // The timeline: a dot per event joined by a line.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: index === events.length - 1 ? 'secondary.main' : 'divider',
              border: '2px solid',
              borderColor: index === events.length - 1 ? 'secondary.main' : 'text.disabled',
            },
            '&::after':
              index === events.length - 1
                ? undefined
                : { content: '""', position: 'absolute', left: 9, top: 20, bottom: 0, width: 2, bgcolor: 'divider' },
          }}
        >
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {event.fromStatus === null ? (
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {event.note ?? ORDER_PLACED_NOTE} ({ORDER_STATUS_LABELS[event.toStatus]})
              </Typography>
            ) : isHistoryNote(event) ? (
              <>
                {event.note && /licence keys?\b/.test(event.note) ? (
                  <KeyOutlinedIcon fontSize="small" color="secondary" aria-hidden />
                ) : (
                  <InfoOutlinedIcon fontSize="small" color="action" aria-hidden />
                )}
                <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="order-event-note">
                  {event.note ?? `Still ${ORDER_STATUS_LABELS[event.toStatus]}`}
                </Typography>
                {event.note ? (
                  <Typography variant="body2" color="text.secondary">
                    (while {ORDER_STATUS_LABELS[event.toStatus]})
                  </Typography>
                ) : null}
              </>
            ) : (
              <>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {ORDER_STATUS_LABELS[event.fromStatus]}
                </Typography>
                <ArrowRightAltIcon fontSize="small" titleAccess="to" />
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {ORDER_STATUS_LABELS[event.toStatus]}
                </Typography>
              </>
            )}
          </Stack>
          <Stack
            direction="row"
            spacing={0.75}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}
            data-testid="order-event-actor"
          >
            <Chip
              size="small"
              variant="outlined"
              label={ACTOR_KIND_LABELS[event.actorKind]}
              color={event.actorKind === 'ADMIN' ? 'primary' : event.actorKind === 'SYSTEM' ? 'secondary' : 'default'}
              sx={chipSx}
            />
            {event.override ? (
              <Chip
                size="small"
                label="override"
                color="warning"
                title="An admin's move outside the order lifecycle's regular path"
                sx={chipSx}
              />
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(event.createdAt)}
              {event.actorEmail ? ` · by ${event.actorEmail}` : ''}
            </Typography>
          </Stack>
          {event.reason ? (
            <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
              Reason: {event.reason}
            </Typography>
          ) : null}
          {event.note && event.fromStatus !== null && event.fromStatus !== event.toStatus ? (
            <Typography variant="body2" sx={{ mt: 0.25 }}>
              {event.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

const chipSx = { height: 20, fontSize: '0.7rem', fontWeight: 700 };
