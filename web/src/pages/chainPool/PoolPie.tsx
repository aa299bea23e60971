// The contribution pie by level class, drawn as an SVG donut with a legend (lazy-loaded; see
// PriceChart.tsx for why recharts is not used under the current chunk groups).
import { useTranslation } from 'react-i18next';

export interface Slice {
  name: string;
  /** share in basis points */
  value: number;
}

const COLORS = [
  'var(--brand)',
  'var(--fcc)',
  'var(--success)',
  'var(--warning)',
  'var(--brand-strong)',
  'var(--danger)',
];
const R = 70;
const C = 2 * Math.PI * R;

export default function PoolPie({ slices }: { slices: Slice[] }) {
  const { i18n } = useTranslation();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const total = slices.reduce((s, x) => s + x.value, 0) || 1;
  let offset = 0;
  return (
    <div className="pie">
      <svg viewBox="0 0 200 200" width="180" height="180" role="img" aria-hidden="true">
        <g transform="rotate(-90 100 100)">
          {slices.map((s, i) => {
            const len = (s.value / total) * C;
            const el = (
              <circle
                key={s.name}
                cx="100"
                cy="100"
                r={R}
                fill="none"
                stroke={COLORS[i % COLORS.length]}
                strokeWidth="34"
                strokeDasharray={`${len} ${C - len}`}
                strokeDashoffset={-offset}
              />
            );
            offset += len;
            return el;
          })}
        </g>
      </svg>
      <ul className="pie-legend">
        {slices.map((s, i) => (
          <li key={s.name}>
            <span className="pie-dot" style={{ background: COLORS[i % COLORS.length] }} aria-hidden="true" />
            <span>{s.name}</span>
            <bdi dir="ltr" className="num">
              {pct.format(s.value / 10_000)}
            </bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
