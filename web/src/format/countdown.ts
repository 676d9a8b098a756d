/**
 * What is left until a moment, as a countdown reads it: "29:41", "1:05:09" past an hour, "0:00" once it has passed.
 * Rounded up to the second, so "0:00" appears only when the time is really over.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Milliseconds from `now` until `until` (ISO or Date); null while either is unknown (before the page has mounted). */
export function remainingMs(until: string | Date | null | undefined, now: number | null): number | null {
  if (!until || now === null) return null;
  const end = (typeof until === 'string' ? new Date(until) : until).getTime();
  return Number.isNaN(end) ? null : end - now;
}
