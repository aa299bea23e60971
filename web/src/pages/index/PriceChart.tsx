// Price line of past rounds (recharts; loaded lazily so it stays out of the first paint).
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface PricePoint {
  label: string;
  price: number;
}

export default function PriceChart({ points }: { points: PricePoint[] }) {
  const { i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const rising = points.length > 1 && (points.at(-1)?.price ?? 0) >= (points[0]?.price ?? 0);
  return (
    <div className="chart-box" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 10, fill: 'var(--text-secondary)' }} minTickGap={24} />
          <YAxis
            domain={['auto', 'auto']}
            width={64}
            tick={{ fontSize: 10, fill: 'var(--text-secondary)' }}
            tickFormatter={(v: number) => fmt.format(v)}
          />
          <Tooltip formatter={(v) => fmt.format(Number(v))} />
          <Line
            type="monotone"
            dataKey="price"
            stroke={rising ? 'var(--up)' : 'var(--down)'}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
