// Market Maker tab: the staking cycles and limits from config, entries to orders and records.
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { Amount } from '../../components/Amount';
import { LinkRows, Stat } from '../../components/LinkRows';

export default function Shop() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const cycles = config.data?.cycles ?? [];
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <div className="page">
      <section className="hero">
        <h2>{t('shop.title')}</h2>
        <p>{t('shop.subtitle')}</p>
      </section>
      <section className="card">
        <h2>{t('shop.cycles')}</h2>
        <div className="stats">
          {cycles.map((c) => (
            <Stat key={c.index} label={t('shop.cycleDays', { count: c.days })}>
              <bdi dir="ltr">{pct.format(c.rate_ppm / 1_000_000)}</bdi>{' '}
              <span className="muted">{t('shop.perDay')}</span>
            </Stat>
          ))}
        </div>
        {config.data && (
          <div className="stats" style={{ marginTop: 12 }}>
            <Stat label={t('shop.minInvestment')}>
              <Amount value={config.data.min_investment} token="FREE" />
            </Stat>
            <Stat label={t('shop.maxInvestment')}>
              <Amount value={config.data.max_investment} token="USDT" />
            </Stat>
          </div>
        )}
      </section>
      <LinkRows
        rows={[
          { to: '/pages/shop/order', labelKey: 'page.stakeOrders' },
          { to: '/pages/shop/redemption', labelKey: 'page.redemption' },
          { to: '/pages/shop/fccRecord', labelKey: 'page.fccRecord' },
        ]}
      />
    </div>
  );
}
