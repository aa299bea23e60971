// Huan Li Bao: subscribe USDT from the wallet into a product, redeem matured orders, and the
// static / dynamic income (today, yesterday, total). Signed-in only; visitors get the prompt.

import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HlbData, useHlb, useRedeemHlb, useSubscribeHlb } from '../../api/hlb';
import { useModuleOpen } from '../../api/modules';
import { useMe } from '../../api/user';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { formatPpm } from './rate';

function Income({ data }: { data: HlbData }) {
  const { t } = useTranslation();
  return (
    <div className="stats">
      <Stat label={t('hlb.principal')}>
        <Amount value={data.principal} token="USDT" />
      </Stat>
      <Stat label={t('hlb.staticTotal')}>
        <Amount value={data.static.total} token="USDT" />
      </Stat>
      <Stat label={t('hlb.staticToday')}>
        <Amount value={data.static.today} token="USDT" />
      </Stat>
      <Stat label={t('hlb.staticYesterday')}>
        <Amount value={data.static.yesterday} token="USDT" />
      </Stat>
      <Stat label={t('hlb.dynamicTotal')}>
        <Amount value={data.dynamic.total} token="USDT" />
      </Stat>
      <Stat label={t('hlb.dynamicToday')}>
        <Amount value={data.dynamic.today} token="USDT" />
      </Stat>
    </div>
  );
}

export function Hlb() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession() !== null;
  const hlb = useHlb();
  const me = useMe();
  const [product, setProduct] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const data = hlb.data;
  const chosen = data?.products.find((p) => p.code === product) ?? data?.products[0];
  const rules: AmountRules = {
    kind: 'invest',
    min: toWei(chosen?.min) ?? undefined,
    max: toWei(chosen?.max) ?? undefined,
    balance: toWei(me.data?.balances.wallet.USDT) ?? undefined,
  };
  const subscribe = useSubscribeHlb(() => showToast(t('hlb.subscribed'), 'success'));
  const redeem = useRedeemHlb(() => showToast(t('hlb.redeemed'), 'success'));
  const state = useModuleOpen('huan_li_bao');
  const open = state === 'open';
  return (
    <section className="card stack" id="hlb">
      <div className="section-head">
        <h2>{t('home.hlb')}</h2>
        {state === 'closed' && <span className="tag-closed">{t('module.notOpen')}</span>}
      </div>
      <p className="muted">{t('hlb.intro')}</p>
      {!signedIn ? (
        <Button color="primary" shape="rounded" block onClick={requestSignIn}>
          {t('auth.signIn')}
        </Button>
      ) : !data ? (
        hlb.isPending ? null : (
          <EmptyState text={t('list.noData')} />
        )
      ) : (
        <>
          <Income data={data} />
          {data.products.length > 0 && open && (
            <>
              <nav className="chips" aria-label={t('hlb.products')}>
                {data.products.map((p) => (
                  <button
                    type="button"
                    key={p.code}
                    className={`chip${p.code === chosen?.code ? ' is-active' : ''}`}
                    onClick={() => setProduct(p.code)}
                  >
                    {t('hlb.productLabel', {
                      count: p.lockDays,
                      rate: formatPpm(p.dailyRatePpm, i18n.language),
                    })}
                  </button>
                ))}
              </nav>
              <Stat label={t('mine.walletBalance')}>
                <Amount value={me.data?.balances.wallet.USDT} token="USDT" />
              </Stat>
              <AmountForm
                value={amount}
                onChange={setAmount}
                rules={rules}
                actions={[
                  {
                    label: t('hlb.subscribe'),
                    busy: subscribe.isPending,
                    onSubmit: (value) =>
                      subscribe.mutateAsync({ product: chosen?.code ?? '', amount: value }),
                  },
                ]}
              />
            </>
          )}
          <h3 className="section-title">{t('hlb.orders')}</h3>
          {data.list.length === 0 ? (
            <EmptyState text={t('list.noData')} />
          ) : (
            data.list.map((o) => (
              <div key={o.id} className="record hlb-order">
                <div className="record-main">
                  <span className="record-kind">
                    {t('hlb.productLabel', {
                      count: o.lockDays,
                      rate: formatPpm(o.dailyRatePpm, i18n.language),
                    })}
                  </span>
                  <Amount value={o.amount} token="USDT" />
                </div>
                <div className="record-sub muted">
                  <span>
                    {t('hlb.matures')} <DateTime value={o.maturesAt} />
                  </span>
                  <span>
                    {t('hlb.staticTotal')} <Amount value={o.staticTotal} token="USDT" />
                  </span>
                </div>
                <div className="record-sub muted">
                  <span>{t(`state.${o.state}`)}</span>
                  {o.redeemable && (
                    <Button
                      size="small"
                      color="primary"
                      fill="outline"
                      loading={redeem.isPending && redeem.variables === o.id}
                      onClick={() => redeem.mutate(o.id)}
                    >
                      {t('hlb.redeem')}
                    </Button>
                  )}
                </div>
              </div>
            ))
          )}
        </>
      )}
    </section>
  );
}
