const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** The spec's 'MMM dd, yyyy' (e.g. "Nov 21, 2026"); an empty string for a missing date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return DATE_FORMAT.format(date);
}
