import { formatAmount } from '../../../ui/format';

interface Point {
  /** End of the month (exclusive), ISO. */
  at: string;
  owed: number;
}

const W = 320;
const H = 120;
const PAD = 6;

/**
 * Credits owed to users at the end of each month: a small line chart in plain SVG (no chart
 * library in the first load), coloured by the theme's variables, scaled to its container.
 */
export function OwedChart({ points }: { points: Point[] }) {
  if (points.length === 0) return null;
  const max = Math.max(...points.map((p) => p.owed), 0);
  const min = Math.min(...points.map((p) => p.owed), 0);
  const span = max - min || 1;
  const x = (i: number) => (points.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.owed).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(min).toFixed(1)} L${x(0).toFixed(1)},${y(min).toFixed(1)} Z`;
  const last = points.at(-1)!;
  return (
    <figure className="owed-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Credits owed to users at the end of each month; latest ${formatAmount(last.owed)}`}>
        <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} className="owed-chart-axis" />
        <path d={area} className="owed-chart-area" />
        <path d={line} className="owed-chart-line" />
        {points.map((p, i) => (
          <circle key={p.at} cx={x(i)} cy={y(p.owed)} r={2.5} className="owed-chart-dot">
            <title>{`${new Date(p.at).toISOString().slice(0, 10)}: ${formatAmount(p.owed)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="muted small">
        Credits owed at each month end: {formatAmount(points[0]!.owed)} → {formatAmount(last.owed)}
      </figcaption>
    </figure>
  );
}
