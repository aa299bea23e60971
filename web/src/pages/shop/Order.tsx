// Staking orders of the signed-in user: balance orders and on-chain stakes, by status.
import { STAKE_ORDER_STATUSES } from '@free/protocol/api/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useChainStakeRecords } from '../../api/staking';
import { InfiniteList } from '../../components/InfiniteList';
import { useSession } from '../../session/store';
import { useWallet } from '../../wallet/state';
import { StakeOrderCard } from './StakeOrderCard';

type Filter = (typeof STAKE_ORDER_STATUSES)[number] | 'all';

export default function Order() {
  const { t } = useTranslation();
  const signed = useSession();
  const w = useWallet();
  const [filter, setFilter] = useState<Filter>('all');
  // On-chain records of the signed-in address (the connected wallet is the session's account).
  const account = signed ? (w.status === 'connected' ? w.address : signed.user.address) : undefined;
  const records = useChainStakeRecords(account);
  const params = filter === 'all' ? {} : { status: filter };
  return (
    <div className="page">
      <nav className="chips" aria-label={t('page.stakeOrders')}>
        {(['all', ...STAKE_ORDER_STATUSES] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`chip${filter === f ? ' is-active' : ''}`}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f === 'all' ? t('shop.status.all') : t(`shop.status.${f}`)}
          </button>
        ))}
      </nav>
      <InfiniteList
        route={routes.getUserStakeOrders}
        params={params}
        enabled={signed !== null}
        itemKey={(o) => o.id}
        renderItem={(o) => <StakeOrderCard order={o} chainRecords={records.data} />}
      />
    </div>
  );
}
