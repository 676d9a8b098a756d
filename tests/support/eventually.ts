/**
 * Polls `read` until it returns something (not undefined, null or false), failing after `timeoutMs`: for what
 * happens after a request returns (jobs, live events, a restarted process).
 */
export async function eventually<T>(
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
