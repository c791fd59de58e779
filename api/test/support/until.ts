/**
 * Waits (bounded) until `check` gives a truthy value and returns it: tests wait for the effect
 * itself, never for a fixed time.
 */
export async function until<T>(check: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
