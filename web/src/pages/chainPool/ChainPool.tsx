// Chain tab (yield-swap / public-chain mining pool): what it is, and entries to its records.
import { useTranslation } from 'react-i18next';
import { LinkRows } from '../../components/LinkRows';

export default function ChainPool() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <section className="hero">
        <h2>{t('pool.title')}</h2>
        <p>{t('pool.subtitle')}</p>
      </section>
      <LinkRows
        rows={[
          { to: '/pages/chainPool/myContribution', labelKey: 'page.myContribution' },
          { to: '/pages/chainPool/orderList', labelKey: 'page.poolOrders' },
          { to: '/pages/chainPool/poolData', labelKey: 'page.poolData' },
        ]}
      />
    </div>
  );
}
