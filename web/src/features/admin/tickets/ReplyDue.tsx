import AlarmIcon from '@mui/icons-material/Alarm';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import { formatDateTime } from '../../../format/date';

/** Chips whose label may wrap on a narrow screen rather than run past it. */
const WRAPPING = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/**
 * The 24-hour reply clock: "Overdue" (red, with an alarm icon and the word, never colour alone) once the reply is
 * late, "Reply by …" while staff owe one, nothing when they owe none.
 */
export function ReplyDue({ overdue, replyDueAt }: { overdue: boolean; replyDueAt: string | null }) {
  if (!replyDueAt) return null;
  if (overdue) {
    return (
      <Chip
        component="span"
        size="small"
        color="error"
        icon={<AlarmIcon aria-hidden />}
        label={`Overdue since ${formatDateTime(replyDueAt)}`}
        sx={{ ...WRAPPING, fontWeight: 700 }}
      />
    );
  }
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<ScheduleIcon aria-hidden />}
      label={`Reply by ${formatDateTime(replyDueAt)}`}
      sx={WRAPPING}
    />
  );
}
