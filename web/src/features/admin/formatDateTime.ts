import { formatDate } from '../../format/date';

const TIME = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** The spec's 'MMM dd, yyyy' plus the time, for the admin's order queue and audit trail ("Nov 21, 2026, 09:41 AM"). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${formatDate(date)}, ${TIME.format(date)}`;
}

/** Just the time of day ("09:41 AM"). */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : TIME.format(date);
}
