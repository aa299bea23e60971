// One mining machine by ?id=; buying it with the wallet balance grants its hashrate for its days.
import { errorMessage, insufficientCode } from '@free/protocol/errors';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBuyMachine, useMachine } from '../../api/machines';
import { useModuleOpen } from '../../api/modules';
import { useRestartStalled } from '../../api/restart';
import { useMe } from '../../api/user';
import { usePageParams } from '../../app/params';
import { Amount, toWei } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { Loading } from '../../components/PageSkeleton';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { MachineImage, MachineSummary } from './Machine';
import './index.css';

export default function MachineDetail() {
  const { t, i18n } = useTranslation();
  const id = usePageParams().get('id') ?? '';
  const machine = useMachine(id);
  const restart = useRestartStalled();
  const signedIn = useSession() !== null;
  const open = useModuleOpen('machines');
  const me = useMe();
  const m = machine.data;
  const buy = useBuyMachine(() => showToast(t('shop.purchaseSuccess'), 'success'));
  if (machine.isPending && machine.fetchStatus !== 'idle') return <Loading onRetry={restart} />;
  if (!m) return <EmptyState text={t('list.noData')} />;
  const balance = me.data?.balances.wallet[m.asset];
  const short = (toWei(balance) ?? 0n) < (toWei(m.price) ?? 0n);
  const onBuy = async () => {
    if (!signedIn) return requestSignIn();
    if (short) return showToast(errorMessage(insufficientCode(m.asset), i18n.language));
    const ok = await Dialog.confirm({
      content: t('machine.confirm', { name: m.name }),
      confirmText: t('action.confirm'),
      cancelText: t('action.cancel'),
    });
    if (ok) buy.mutate(m.id);
  };
  return (
    <div className="page">
      <MachineImage src={m.image} alt={m.name} />
      <section className="card stack">
        <MachineSummary m={m} />
        {m.description && <p className="article-body">{m.description}</p>}
        {signedIn && (
          <Stat label={t('mine.walletBalance')}>
            <Amount value={balance} token={m.asset} />
          </Stat>
        )}
        {open === 'closed' && <p className="notice danger">{t('module.notOpen')}</p>}
        {open === 'open' && (
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={m.soldOut}
            loading={buy.isPending}
            onClick={() => void onBuy()}
          >
            {m.soldOut ? t('machine.soldOut') : t('machine.buy')}
          </Button>
        )}
      </section>
    </div>
  );
}
