// Moved to format/date.ts (the customer's /verify shows a deadline too); kept for admin tabs written meanwhile.
export { formatDateTime, formatTime } from '../../format/date';
