/**
 * The sales overview's date ranges. Days are UTC days, as the API counts them (docs/product.md "Sales overview"):
 * a range is [first day 00:00 UTC, the day after the last 00:00 UTC).
 */
export const RANGE_PRESETS = [
  { key: '7d', label: 'Last 7 days' },
  { key: '30d', label: 'Last 30 days' },
  { key: 'month', label: 'This month' },
  { key: '12m', label: 'Last 12 months' },
  { key: 'custom', label: 'Custom' },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]['key'];

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC day. */
export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** 00:00 UTC of the day holding `time`. */
function startOfUtcDay(time: number): number {
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The first and last day (inclusive, YYYY-MM-DD) of a preset on `now`. */
export function presetDays(preset: Exclude<RangePreset, 'custom'>, now = Date.now()): { first: string; last: string } {
  const today = startOfUtcDay(now);
  const d = new Date(today);
  const first =
    preset === '7d'
      ? today - 6 * DAY_MS
      : preset === '30d'
        ? today - 29 * DAY_MS
        : preset === 'month'
          ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
          : today - 364 * DAY_MS;
  return { first: isoDay(first), last: isoDay(today) };
}

/** The API's [from, to) for the days first…last (inclusive). */
export function apiRange(first: string, last: string): { from: string; to: string } {
  return {
    from: new Date(`${first}T00:00:00Z`).toISOString(),
    to: new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS).toISOString(),
  };
}

/** "Mar 3" (or "Mar 3, 2025" with `withYear`) for a YYYY-MM-DD day, shown as that UTC day. */
export function formatDay(day: string, withYear = false): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}
