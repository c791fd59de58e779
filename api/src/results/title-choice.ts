/**
 * Two clips of one project never share a title: the first candidate no other set uses (case-
 * insensitive) wins; when all are taken, the set's base filename is added, then its id.
 */
export function chooseTitle(candidates: readonly string[], used: ReadonlySet<string>, fallbackSuffix: string, uniqueId: string): string {
  const all = [...candidates, `${candidates[0] ?? 'Aerial Drone Footage'} (${fallbackSuffix})`];
  return all.find((t) => !used.has(t.toLowerCase())) ?? `${all.at(-1)} ${uniqueId.slice(0, 8)}`;
}
