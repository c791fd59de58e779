/** Adobe Stock's title limit: the filename fallback below keeps titles within it. */
const MAX_TITLE_CHARS = 70;

/** `base` cut at a word boundary so that `base + tail` fits MAX_TITLE_CHARS (never below a few words). */
function fit(base: string, tail: string): string {
  let b = base;
  while ([...`${b}${tail}`].length > MAX_TITLE_CHARS && b.includes(' ')) b = b.slice(0, b.lastIndexOf(' '));
  return `${b}${tail}`;
}

/**
 * Two clips of one project never share a title: the first candidate no other set uses (case-
 * insensitive) wins; the providers' candidates differ by real facts of the clip (issue 21). When all
 * are taken, the set's base filename is added (the base shortened to stay within 70 characters),
 * then its id.
 */
export function chooseTitle(candidates: readonly string[], used: ReadonlySet<string>, fallbackSuffix: string, uniqueId: string): string {
  const withName = fit(candidates[0] ?? 'Aerial footage seen from a drone in the air', ` (${fallbackSuffix})`);
  const all = [...candidates, withName];
  return all.find((t) => !used.has(t.toLowerCase())) ?? `${withName} ${uniqueId.slice(0, 8)}`;
}
