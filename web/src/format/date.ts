const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The spec's 'MMM dd, yyyy' (e.g. "Nov 21, 2026"); an empty string for a missing date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? DATE_FORMAT.format(date) : '';
}

/**
 * The spec's 'MMM dd, yyyy' plus the time, in the viewer's time zone ("Nov 21, 2026, 09:41 AM"): the admin's queue
 * and order history, and a customer's payment deadline.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${DATE_FORMAT.format(date)}, ${TIME_FORMAT.format(date)}` : '';
}

/** Just the time of day ("09:41 AM"). */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? TIME_FORMAT.format(date) : '';
}
