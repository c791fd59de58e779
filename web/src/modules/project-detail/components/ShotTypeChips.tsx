/** Shot type names as the pipeline writes them (snake_case) in words: golden_hour -> Golden Hour. */
export const shotTypeLabel = (name: string) =>
  name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * SPEC §2's shot type chips, editable from the fixed vocabulary: every shot type the server lists
 * (`labels`, in vocabulary order) is a toggle; the ones that apply are pressed. Never an id on screen.
 */
export function ShotTypeChips({
  shotTypes,
  labels,
  onToggle,
}: {
  shotTypes: Record<string, boolean>;
  labels: Record<string, string>;
  onToggle?(id: string, on: boolean): void;
}) {
  const ids = [...new Set([...Object.keys(labels), ...Object.keys(shotTypes)])];
  const on = ids.filter((id) => shotTypes[id] === true);
  if (!onToggle && on.length === 0) return null;
  return (
    <fieldset className="pd-fieldset" data-testid="shot-types">
      <legend>Shot Types</legend>
      <ul className="pd-chips" aria-label="Shot types of this set">
        {(onToggle ? ids : on).map((id) => {
          const pressed = shotTypes[id] === true;
          const label = labels[id] ?? shotTypeLabel(id);
          return (
            <li key={id}>
              {onToggle ? (
                <button
                  type="button"
                  className={`pd-chip pd-chip-toggle${pressed ? '' : ' pd-chip-off'}`}
                  aria-pressed={pressed}
                  data-testid={pressed ? 'shot-type-on' : 'shot-type-off'}
                  onClick={() => onToggle(id, !pressed)}
                >
                  {pressed ? '✓ ' : ''}
                  {label}
                </button>
              ) : (
                <span className="pd-chip" data-testid="shot-type-on">
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
