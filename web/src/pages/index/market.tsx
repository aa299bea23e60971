// Price change in percent, coloured up/down by the reader's market convention (--up/--down follow
// the language, set by i18n from protocol marketColors).
import { useTranslation } from 'react-i18next';

export function Change({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  const n = Number(value ?? '');
  if (value === null || value === undefined || value === '' || Number.isNaN(n)) return <span>—</span>;
  const text = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(n / 100);
  return (
    <bdi dir="ltr" className={`num${n > 0 ? ' up' : n < 0 ? ' down' : ''}`}>
      {text}
    </bdi>
  );
}
