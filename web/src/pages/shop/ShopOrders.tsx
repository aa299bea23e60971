// My shop orders with their states; an order not shipped yet can be cancelled (a paid one refunded).
import { canCancel } from '@free/protocol/shop';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { type ShopOrder, useCancelShopOrder } from '../../api/shop';
import { Amount, Count, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';
import { showToast } from '../../components/toast';
import './shop.css';

/** When the order reached its current state. */
const stateTime = (o: ShopOrder) => o.cancelledAt ?? o.completedAt ?? o.shippedAt ?? o.paidAt ?? o.createdAt;

export function ShopOrderItem({ o }: { o: ShopOrder }) {
  const { t } = useTranslation();
  const cancel = useCancelShopOrder(() => showToast(t('store.cancelled'), 'success'));
  const onCancel = async () => {
    const ok = await Dialog.confirm({
      content: t('store.cancelConfirm'),
      confirmText: t('action.confirm'),
      cancelText: t('action.cancel'),
    });
    if (ok) cancel.mutate(o.id);
  };
  return (
    <div className="record" data-testid="shop-order">
      <div className="record-main">
        <span className="record-kind">{o.name}</span>
        <Amount value={o.total} token={o.asset} />
      </div>
      <div className="record-sub muted">
        <span>
          {t('store.shares')} <Count value={o.quantity} /> × <Amount value={o.unitPrice} token={o.asset} />
        </span>
        <span className={`order-state is-${o.state}`}>{t(`store.state.${o.state}`)}</span>
      </div>
      <div className="record-sub muted">
        <DateTime value={stateTime(o)} />
        {canCancel(o.state) && (
          <Button
            size="mini"
            shape="rounded"
            loading={cancel.isPending}
            data-testid="shop-order-cancel"
            onClick={() => void onCancel()}
          >
            {t('store.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}

export default function ShopOrders() {
  return (
    <div className="page">
      <RecordList route={routes.getUserShopOrders} renderItem={(row) => <ShopOrderItem o={row} />} />
    </div>
  );
}
