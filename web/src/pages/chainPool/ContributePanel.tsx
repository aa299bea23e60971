// The signed-in part of the Chain tab, loaded lazily (keeps the amount form, dialog and mutation
// code out of the first paint): my level, and contributing USDT with the FREE burn shown first.
import { formatAmount } from '@free/protocol/amount';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContribute, useMyPool } from '../../api/pool';
import { useQuote } from '../../api/quotes';
import { useMe } from '../../api/user';
import { Amount, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { Stat } from '../../components/LinkRows';
import { showToast } from '../../components/toast';
import { burnOf } from './burn';

function MyLevel() {
  const { t } = useTranslation();
  const mine = useMyPool().data;
  if (!mine) return null;
  return (
    <div className="stats">
      <Stat label={t('pool.myTotal')}>
        <Amount value={mine.total} token="USDT" />
      </Stat>
      <Stat label={t('pool.myLevel')}>
        <bdi dir="ltr">{t('pool.levelN', { level: mine.level })}</bdi>
      </Stat>
      <Stat label={t('pool.nextLevelAt')}>
        {mine.nextLevelAt === null ? t('pool.topLevel') : <Amount value={mine.nextLevelAt} token="USDT" />}
      </Stat>
    </div>
  );
}

function ContributeForm({ burnBps }: { burnBps: number }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const freePrice = toWei(useQuote('FREE')?.price);
  const [amount, setAmount] = useState('');
  const wei = toWei(amount) ?? 0n;
  const burn = burnOf(wei, burnBps, freePrice && freePrice > 0n ? freePrice : null);
  const rules: AmountRules = {
    kind: 'invest',
    balance: toWei(me.data?.balances.wallet.USDT) ?? undefined,
    freeBalance: toWei(me.data?.balances.wallet.FREE) ?? undefined,
    freeRequired: burn.free ?? undefined,
  };
  const send = useContribute(() => showToast(t('pool.contributed'), 'success'));
  const confirm = () =>
    Dialog.confirm({
      content: t('pool.confirm', {
        amount,
        burnValue: burnText(burn.value, i18n.language),
        free: burn.free === null ? '—' : burnText(burn.free, i18n.language),
      }),
      confirmText: t('action.confirm'),
      cancelText: t('action.cancel'),
    });
  return (
    <section className="card stack">
      <h2>{t('pool.contribute')}</h2>
      <div className="stats">
        <Stat label={t('mine.walletBalance')}>
          <Amount value={me.data?.balances.wallet.USDT} token="USDT" />
        </Stat>
        <Stat label={t('pool.freeBalance')}>
          <Amount value={me.data?.balances.wallet.FREE} token="FREE" />
        </Stat>
      </div>
      <AmountForm
        value={amount}
        onChange={setAmount}
        rules={rules}
        confirm={confirm}
        actions={[
          {
            label: t('pool.contribute'),
            busy: send.isPending,
            onSubmit: (value) => send.mutateAsync({ amount: value }),
          },
        ]}
      >
        <p className="notice" role="status">
          {t('pool.burnNote', { bps: formatBps(burnBps, i18n.language) })}{' '}
          <Amount value={burn.value} token="USDT" /> ≈ <Amount value={burn.free} token="FREE" />
        </p>
      </AmountForm>
    </section>
  );
}

function formatBps(bps: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

function burnText(wei: bigint, locale: string) {
  return formatAmount(wei, { locale, maxFraction: 4 });
}

export default function ContributePanel({ burnBps, open }: { burnBps: number | null; open: boolean }) {
  return (
    <>
      <section className="card">
        <MyLevel />
      </section>
      {open && burnBps !== null && <ContributeForm burnBps={burnBps} />}
    </>
  );
}
