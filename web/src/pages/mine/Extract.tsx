// Withdraw to the bound wallet (POST /api/user/withdraw/apply) and the withdrawal records.

import type { WithdrawItem } from '@free/protocol/api/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useConfig } from '../../api/config';
import { keys } from '../../api/keys';
import { useMe } from '../../api/user';
import { Amount, toWei } from '../../components/Amount';
import { AmountInput, type AmountRules, amountProblem } from '../../components/AmountInput';
import { Stat } from '../../components/LinkRows';
import { RecordItem, RecordList } from '../../components/RecordList';
import { showToast } from '../../components/toast';

export default function Extract() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const config = useConfig().data;
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // One key per intended withdrawal: a retried request does its work once.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const balance = toWei(me.data?.balances.wallet.USDT) ?? undefined;
  const rules: AmountRules = {
    kind: 'withdraw',
    balance,
    min: toWei(config?.limits.min_withdraw) ?? undefined,
  };
  const withdraw = useMutation({
    mutationFn: () =>
      api.post<WithdrawItem>(
        '/api/user/withdraw/apply',
        { amount, coin: 'USDT' },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => {
      showToast(t('toast.withdrawn'), 'success');
      setAmount('');
      setSubmitted(false);
      setKey(crypto.randomUUID());
      void qc.invalidateQueries({ queryKey: keys.user.all() });
    },
  });
  return (
    <div className="page">
      <section className="card">
        <Stat label={t('mine.walletBalance')}>
          <Amount value={me.data?.balances.wallet.USDT} token="USDT" />
        </Stat>
        <AmountInput
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setKey(crypto.randomUUID());
          }}
          rules={rules}
          token="USDT"
          showError={submitted}
          placeholder={t('amount.withdrawPlaceholder')}
        />
        <Button
          block
          color="primary"
          shape="rounded"
          loading={withdraw.isPending}
          onClick={() => {
            setSubmitted(true);
            if (amountProblem(amount, rules, i18n.language) === null) withdraw.mutate();
          }}
        >
          {t('action.withdraw')}
        </Button>
      </section>
      <h2 className="section-title">{t('withdraw.records')}</h2>
      <RecordList
        path="/api/user/withdraw/list"
        renderItem={(row) => <RecordItem row={{ ...row, kind: 'withdraw' }} />}
      />
    </div>
  );
}
