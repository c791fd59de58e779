import { formatAmount } from '../../../ui/format';

interface Point {
  /** End of the month (exclusive), ISO. */
  at: string;
  owed: number;
}

const W = 360;
const H = 150;
const PAD = 6;
/** Room for the credit labels on the left and the month labels below. */
const LEFT = 48;
const BOTTOM = 22;
const month = (iso: string) => {
  // The period ends at the start of the next month: its month end is the day before.
  const d = new Date(new Date(iso).getTime() - 1);
  return d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
};

/**
 * Credits owed to users at the end of each month: a small line chart in plain SVG (no chart
 * library in the first load), coloured by the theme's variables, scaled to its container.
 */
export function OwedChart({ points }: { points: Point[] }) {
  if (points.length === 0) return null;
  const max = Math.max(...points.map((p) => p.owed), 0);
  const min = Math.min(...points.map((p) => p.owed), 0);
  const span = max - min || 1;
  const x = (i: number) => (points.length === 1 ? (LEFT + W - PAD) / 2 : LEFT + (i * (W - LEFT - PAD)) / (points.length - 1));
  const y = (v: number) => H - BOTTOM - ((v - min) * (H - BOTTOM - PAD)) / span;
  // Month labels: the first, the last and one between when there is room.
  const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.owed).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(min).toFixed(1)} L${x(0).toFixed(1)},${y(min).toFixed(1)} Z`;
  const last = points.at(-1)!;
  return (
    <figure className="owed-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Credits owed to users at the end of each month; latest ${formatAmount(last.owed)}`}>
        <line x1={LEFT} x2={W - PAD} y1={y(0)} y2={y(0)} className="owed-chart-axis" />
        <line x1={LEFT} x2={LEFT} y1={PAD} y2={H - BOTTOM} className="owed-chart-axis" />
        <text x={LEFT - 4} y={y(max) + 3} textAnchor="end" className="owed-chart-label">
          {formatAmount(max)}
        </text>
        {min !== max && (
          <text x={LEFT - 4} y={y(min) + 3} textAnchor="end" className="owed-chart-label">
            {formatAmount(min)}
          </text>
        )}
        {labelled.map((i) => (
          <text key={i} x={x(i)} y={H - 6} textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'} className="owed-chart-label">
            {month(points[i]!.at)}
          </text>
        ))}
        <path d={area} className="owed-chart-area" />
        <path d={line} className="owed-chart-line" />
        {points.map((p, i) => (
          <circle key={p.at} cx={x(i)} cy={y(p.owed)} r={2.5} className="owed-chart-dot">
            <title>{`${new Date(p.at).toISOString().slice(0, 10)}: ${formatAmount(p.owed)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="muted small">
        <span className="owed-chart-legend" aria-hidden="true" /> Credits owed to users at each month end (credits, left axis; months below):{' '}
        {formatAmount(points[0]!.owed)} → {formatAmount(last.owed)}
      </figcaption>
    </figure>
  );
}
