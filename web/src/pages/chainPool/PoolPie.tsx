// The contribution pie by level class (recharts; lazy so it stays out of the first paint).
import { useTranslation } from 'react-i18next';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

export interface Slice {
  name: string;
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

export default function PoolPie({ slices }: { slices: Slice[] }) {
  const { i18n } = useTranslation();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <div className="chart-box" style={{ height: 240 }}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius={45}
            outerRadius={80}
            isAnimationActive={false}
          >
            {slices.map((s, i) => (
              <Cell key={s.name} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(v) => pct.format(Number(v) / 10_000)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
