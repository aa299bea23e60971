// A live countdown in one of the three formats of docs/business-rules.md "Calls, messages and timing"; 'ended' once the end time has passed.
import { type CountdownFormat, formatCountdown } from '@free/protocol/countdown';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function Countdown({
  end,
  format = 'dhms',
  now = Date.now,
}: {
  end: number | string | Date;
  format?: CountdownFormat;
  now?: () => number;
}) {
  const { t } = useTranslation();
  const endMs = end instanceof Date ? end.getTime() : typeof end === 'string' ? Date.parse(end) : end;
  const [left, setLeft] = useState(() => endMs - now());
  useEffect(() => {
    setLeft(endMs - now());
    const id = setInterval(() => {
      const next = endMs - now();
      setLeft(next);
      if (next <= 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [endMs, now]);
  const text = formatCountdown(left, format, { dayLabel: (d) => t('countdown.days', { count: d }) });
  if (text === 'ended') return <span className="countdown is-ended">{t('countdown.ended')}</span>;
  return (
    <bdi dir="ltr" className="countdown num" role="timer">
      {text}
    </bdi>
  );
}
