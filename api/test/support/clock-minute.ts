/**
 * Waits, when fewer than `seconds` remain in the current clock minute, until the next one begins.
 * Sign-in attempts count in fixed minutes (auth_attempts: date_trunc('minute', now()), this
 * machine's clock), so a test that counts them starts with most of a minute ahead and never sees its
 * attempts split over two windows, each with a fresh allowance.
 */
export async function withMinuteAhead(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 250));
}
