// Filter chips: 'All' plus one chip per value, one chosen at a time.
import { useTranslation } from 'react-i18next';

export function Chips<T extends string>({
  values,
  value,
  onChange,
  label,
  name,
}: {
  values: readonly T[];
  value: T | '';
  onChange: (v: T | '') => void;
  label: (v: T) => string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="chips tall" role="tablist" aria-label={name}>
      {(['', ...values] as const).map((v) => (
        <button
          key={v || 'all'}
          type="button"
          role="tab"
          aria-selected={value === v}
          className={`chip${value === v ? ' is-active' : ''}`}
          onClick={() => onChange(v as T | '')}
        >
          {v === '' ? t('mine.filterAll') : label(v as T)}
        </button>
      ))}
    </div>
  );
}
