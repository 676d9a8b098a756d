/** Small numeric helpers for the benchmark: percentiles over recorded samples and number formatting. */

/** The p-th percentile (0-100) of `samples` by nearest rank; NaN when empty. Sorts a copy. */
export function percentile(samples, p) {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** `1234.5` → `1,235`; `12.34` → `12.3`; NaN → `n/a`. */
export function fmt(value, digits) {
  if (value === undefined || value === null || Number.isNaN(value)) return 'n/a';
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : 1);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
