// A hashrate with its unit, scaled (H/s, kH/s, MH/s, …; protocol formatHashrate), in the reader's
// number format and kept left to right like every figure.
import { formatHashrate } from '@free/protocol/hashrate';
import { useTranslation } from 'react-i18next';

export function Hashrate({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  const text = value ? formatHashrate(value, i18n.language) : null;
  return (
    <bdi dir="ltr" className="num">
      {text ?? '—'}
    </bdi>
  );
}
