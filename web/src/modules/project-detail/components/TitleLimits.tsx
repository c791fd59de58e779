/** The agencies' title limits (api/src/features/exports/agency-rules.ts, where they are cited). */
export const TITLE_LIMITS = [
  { agency: 'Adobe Stock', max: 70, min: 1 },
  { agency: 'Shutterstock', max: 200, min: 10 },
  { agency: 'Pond5', max: 80, min: 40 },
] as const;

const chars = (s: string) => [...s.trim()].length;

/**
 * A title counter beside the agencies' limits (Adobe Stock 70, Shutterstock 10 to 200, Pond5 40 to 80), so a title
 * too long for an agency is seen while typing, not when the upload is refused.
 */
export function TitleLimits({ id, title }: { id: string; title: string }) {
  const n = chars(title);
  return (
    <p id={id} className="pd-title-limits small" data-testid="title-limits">
      <span className="muted" data-testid="title-count">
        {n} character{n === 1 ? '' : 's'}
      </span>
      {TITLE_LIMITS.map(({ agency, max, min }) => {
        const over = n > max;
        const under = n < min;
        return (
          <span
            key={agency}
            className={`pd-limit${over || under ? ' pd-limit-bad' : ''}`}
            data-testid="title-limit"
            title={over ? `${n - max} over ${agency}'s ${max}` : under ? `${agency} needs at least ${min}` : `Within ${agency}'s ${max}`}
          >
            {agency} {n}/{max}
            {over ? ' · too long' : under ? ' · too short' : ''}
          </span>
        );
      })}
    </p>
  );
}
