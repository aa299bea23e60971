// Recharge: a backend-signed Payment order (POST /api/user/recharge/create), paid from the wallet
// (USDT approve when needed → Payment.payment), then the records.
import { paymentAbi } from '@free/protocol/abi/generated/payment';
import type { RechargeOrder } from '@free/protocol/api/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { keys } from '../../api/keys';
import { Amount } from '../../components/Amount';
import { AmountInput, type AmountRules, amountProblem } from '../../components/AmountInput';
import { Countdown } from '../../components/Countdown';
import { RecordItem, RecordList } from '../../components/RecordList';
import { TxButton } from '../../components/TxButton';
import { showToast } from '../../components/toast';

const RULES: AmountRules = { kind: 'recharge' };

export default function Recharge() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useMutation({
    mutationFn: () => api.post<RechargeOrder>('/api/user/recharge/create', { amount }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.user.all() }),
  });
  const order = create.data;
  return (
    <div className="page">
      <section className="card">
        <AmountInput
          value={amount}
          onChange={setAmount}
          rules={RULES}
          token="USDT"
          showError={submitted}
          placeholder={t('amount.rechargePlaceholder')}
        />
        {!order && (
          <Button
            block
            color="primary"
            shape="rounded"
            loading={create.isPending}
            onClick={() => {
              setSubmitted(true);
              if (amountProblem(amount, RULES, i18n.language) === null) create.mutate();
            }}
          >
            {t('action.recharge')}
          </Button>
        )}
        {order && (
          <>
            <div className="notice" role="status">
              <p>
                {t('recharge.orderCreated')} <Amount value={order.amount} token="USDT" />
              </p>
              <p>
                {t('recharge.payWithin')} <Countdown end={order.endTime * 1000} format="ms" />
              </p>
            </div>
            <TxButton
              id={`recharge:${order.orderId}`}
              approve={{
                token: order.token as `0x${string}`,
                spender: order.payment as `0x${string}`,
                amount: BigInt(order.amountWei),
              }}
              prepare={() => ({
                address: order.payment as `0x${string}`,
                abi: paymentAbi,
                functionName: 'payment',
                args: [
                  order.orderId,
                  order.token,
                  BigInt(order.amountWei),
                  BigInt(order.endTime),
                  order.signature,
                ],
              })}
              onConfirmed={() => {
                showToast(t('toast.recharged'), 'success');
                create.reset();
                setAmount('');
                setSubmitted(false);
                void qc.invalidateQueries({ queryKey: keys.user.all() });
              }}
            >
              {t('recharge.pay')}
            </TxButton>
          </>
        )}
      </section>
      <h2 className="section-title">{t('recharge.records')}</h2>
      <RecordList
        path="/api/user/recharge/list"
        renderItem={(row) => <RecordItem row={{ ...row, kind: 'recharge', asset: 'USDT' }} />}
      />
    </div>
  );
}
