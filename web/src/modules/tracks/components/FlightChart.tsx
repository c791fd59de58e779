import { useEffect, useRef, useState } from 'react';
import { clock, seriesPath, valueRange } from '../track-geometry';

interface Point {
  t: number;
  altitude: number | null;
  speed: number | null;
}

const HEIGHT = 150;
const PAD = { top: 18, right: 44, bottom: 22, left: 44 };

/** Altitude (left axis) and ground speed (right axis) over the clip's time, in plain SVG; the analysed frames as ticks. */
export function FlightChart({
  points,
  frames,
  altitudeReference,
}: {
  points: Point[];
  frames: Array<{ index: number; t: number }>;
  altitudeReference: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(320);
  useEffect(() => {
    const el = box.current!;
    const ro = new ResizeObserver(() => setWidth(Math.max(240, Math.round(el.clientWidth))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const t0 = points[0]?.t ?? 0;
  const t1 = points.at(-1)?.t ?? 0;
  const alt = valueRange(points.map((p) => p.altitude));
  const spd = valueRange(points.map((p) => (p.speed === null ? null : p.speed)).concat(0));
  const w = width - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const altPath = alt
    ? seriesPath(
        points.map((p) => ({ t: p.t, value: p.altitude })),
        { width: w, height: h, t0, t1, lo: alt[0], hi: alt[1] },
      )
    : '';
  const spdPath = spd
    ? seriesPath(
        points.map((p) => ({ t: p.t, value: p.speed })),
        { width: w, height: h, t0, t1, lo: spd[0], hi: spd[1] },
      )
    : '';
  const x = (t: number) => (t1 > t0 ? ((t - t0) / (t1 - t0)) * w : w / 2);
  const altLabel = altitudeReference === 'relative' ? 'Height above take-off (m)' : 'Altitude (m)';

  return (
    <div ref={box} className="flight-chart" data-testid="flight-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={`${altLabel} and speed (m/s) over time`}>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          <rect className="flight-chart-plot" width={w} height={h} />
          {frames
            .filter((f) => f.t >= t0 && f.t <= t1)
            .map((f) => (
              <g key={f.index} className="flight-chart-frame">
                <line x1={x(f.t)} x2={x(f.t)} y1={0} y2={h} />
                <text x={x(f.t)} y={-5} textAnchor="middle">
                  {f.index}
                </text>
              </g>
            ))}
          {altPath && <path className="flight-chart-altitude" d={altPath} data-testid="chart-altitude" />}
          {spdPath && <path className="flight-chart-speed" d={spdPath} data-testid="chart-speed" />}
          {alt && (
            <>
              <text className="flight-chart-axis flight-chart-altitude-text" x={-6} y={6} textAnchor="end">
                {Math.round(alt[1])}
              </text>
              <text className="flight-chart-axis flight-chart-altitude-text" x={-6} y={h} textAnchor="end">
                {Math.round(alt[0])}
              </text>
            </>
          )}
          {spd && (
            <>
              <text className="flight-chart-axis flight-chart-speed-text" x={w + 6} y={6}>
                {spd[1].toFixed(1)}
              </text>
              <text className="flight-chart-axis flight-chart-speed-text" x={w + 6} y={h}>
                {Math.max(0, spd[0]).toFixed(1)}
              </text>
            </>
          )}
          <text className="flight-chart-axis" x={0} y={h + 16}>
            {clock(t0)}
          </text>
          <text className="flight-chart-axis" x={w} y={h + 16} textAnchor="end">
            {clock(t1)}
          </text>
        </g>
      </svg>
      <p className="flight-chart-legend small">
        <span className="flight-key flight-key-altitude" /> {altLabel} <span className="flight-key flight-key-speed" /> Speed (m/s)
      </p>
    </div>
  );
}
