// Price line of past rounds, drawn as a small SVG (lazy-loaded). recharts is not used here: its
// unmatched dependencies (es-toolkit…) land in this chunk under the current chunk groups and the
// charts chunk then imports from it in a cycle, which throws at load ("T is not a function").
import { useTranslation } from 'react-i18next';

export interface PricePoint {
  label: string;
  price: number;
}

const W = 340;
const H = 180;
const PAD = { top: 10, right: 8, bottom: 22, left: 56 };

export default function PriceChart({ points }: { points: PricePoint[] }) {
  const { i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min || Math.abs(max) || 1;
  const lo = min - span * 0.1;
  const hi = max + span * 0.1;
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, points.length - 1);
  const y = (v: number) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.price).toFixed(1)}`)
    .join('');
  const rising = (points.at(-1)?.price ?? 0) >= (points[0]?.price ?? 0);
  const ticks = [hi - (hi - lo) * 0.1, (hi + lo) / 2, lo + (hi - lo) * 0.1];
  const first = points[0];
  const last = points.at(-1);
  return (
    <div className="chart-box" dir="ltr">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height="100%" role="img" aria-label={last?.label ?? ''}>
        {ticks.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="var(--border)"
              strokeDasharray="3 3"
            />
            <text x={PAD.left - 4} y={y(v) + 3} textAnchor="end" fontSize="10" fill="var(--text-secondary)">
              {fmt.format(v)}
            </text>
          </g>
        ))}
        <path
          d={path}
          fill="none"
          stroke={rising ? 'var(--up)' : 'var(--down)'}
          strokeWidth="2"
          strokeLinejoin="round"
        />
        {first && (
          <text x={PAD.left} y={H - 6} fontSize="10" fill="var(--text-secondary)">
            {first.label}
          </text>
        )}
        {last && (
          <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize="10" fill="var(--text-secondary)">
            {last.label}
          </text>
        )}
      </svg>
    </div>
  );
}
