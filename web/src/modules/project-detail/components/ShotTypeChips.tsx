/** Shot type names as the pipeline writes them (snake_case) in words: golden_hour -> Golden Hour. */
export const shotTypeLabel = (name: string) =>
  name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());

/** SPEC §2: a chip for each shot type flagged true; nothing at all when none is. */
export function ShotTypeChips({ shotTypes, labels }: { shotTypes: Record<string, boolean>; labels: Record<string, string> }) {
  const on = Object.entries(shotTypes)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  if (on.length === 0) return null;
  return (
    <fieldset className="pd-fieldset" data-testid="shot-types">
      <legend>Shot Types</legend>
      <ul className="pd-chips">
        {on.map((name) => (
          <li key={name} className="pd-chip">
            {labels[name] ?? shotTypeLabel(name)}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
