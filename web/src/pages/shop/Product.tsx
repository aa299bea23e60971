// One shop product by ?id=: picture, description, price per share, stock, and buying a number of
// shares paid from the wallet balance at once (the quantity rules of @free/protocol/shop).
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import {
  cleanSharesInput,
  MAX_SHARES,
  parseShares,
  type SharesProblem,
  sharesProblem,
} from '@free/protocol/shop';
import { Button, Dialog, Input } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModuleOpen } from '../../api/modules';
import { useRestartStalled } from '../../api/restart';
import { type ShopProduct, useOrderShares, useShopProduct } from '../../api/shop';
import { useMe } from '../../api/user';
import { useAppNavigate } from '../../app/link';
import { usePageParams } from '../../app/params';
import { Amount, toWei } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { Loading } from '../../components/PageSkeleton';
import { ProductImage } from '../../components/ProductImage';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { LoadFailed, StockLine } from './Products';
import './shop.css';

/** The prompt for a quantity in the current language (the product's own text where there is one, docs/business-rules.md "Amounts"). */
export function sharesPrompt(
  problem: SharesProblem,
  p: Pick<ShopProduct, 'stock'>,
  t: (key: string, o?: Record<string, unknown>) => string,
  lang: string,
): string {
  if (problem === 'empty') return errorMessage(ErrorCode.EnterShares, lang);
  if (problem === 'balance') return errorMessage(ErrorCode.InsufficientBalance, lang);
  if (problem === 'stock') return t('store.onlyLeft', { count: p.stock ?? 0 });
  return t('store.maxShares', { count: MAX_SHARES });
}

export function BuyShares({ p }: { p: ShopProduct }) {
  const { t, i18n } = useTranslation();
  const navigate = useAppNavigate();
  const signedIn = useSession() !== null;
  const me = useMe();
  const inputId = useId();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const quantity = parseShares(text);
  const price = toWei(p.price) ?? 0n;
  const balance = signedIn ? toWei(me.data?.balances.wallet[p.asset]) : null;
  const problem = sharesProblem(quantity, { stock: p.stock, price, balance: balance ?? undefined });
  const order = useOrderShares(() => {
    showToast(t('shop.purchaseSuccess'), 'success');
    setText('');
    setSubmitted(false);
    navigate('/pages/shop/shopOrders');
  });
  const shown = (submitted || text !== '') && problem !== null;
  const onBuy = async () => {
    if (!signedIn) return requestSignIn();
    setSubmitted(true);
    if (problem !== null || quantity === null) return;
    const ok = await Dialog.confirm({
      content: t('store.confirm', { count: quantity, name: p.name }),
      confirmText: t('action.confirm'),
      cancelText: t('action.cancel'),
    });
    if (ok) order.mutate({ productId: p.id, quantity });
  };
  return (
    <>
      {balance !== null && (
        <Stat label={t('mine.walletBalance')}>
          <Amount value={balance} token={p.asset} />
        </Stat>
      )}
      <div className="shares-field">
        <label className="stat-label" htmlFor={inputId}>
          {t('store.shares')}
        </label>
        <Input
          id={inputId}
          value={text}
          inputMode="numeric"
          placeholder={t('store.sharesPlaceholder')}
          aria-invalid={shown}
          data-testid="shares-input"
          onChange={(next) => setText(cleanSharesInput(next))}
        />
      </div>
      {shown && (
        <p className="field-error" role="alert">
          {sharesPrompt(problem, p, t, i18n.language)}
        </p>
      )}
      <Stat label={t('store.total')}>
        <Amount
          value={price * BigInt(quantity !== null && Number.isInteger(quantity) ? quantity : 0)}
          token={p.asset}
        />
      </Stat>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={p.soldOut}
        loading={order.isPending}
        data-testid="buy-button"
        onClick={() => void onBuy()}
      >
        {p.soldOut ? t('machine.soldOut') : t('store.buy')}
      </Button>
    </>
  );
}

export default function Product() {
  const { t } = useTranslation();
  const id = usePageParams().get('id') ?? '';
  const product = useShopProduct(id);
  const open = useModuleOpen('shop');
  const restart = useRestartStalled();
  const loading = product.isPending && product.fetchStatus !== 'idle';
  if (loading) return <Loading onRetry={restart} />;
  if (product.isError) return <LoadFailed onRetry={() => void product.refetch()} />;
  const p = product.data;
  if (!p) return <EmptyState text={t('list.noData')} />;
  return (
    <div className="page">
      <ProductImage src={p.image} alt={p.name} className="product-hero" />
      <section className="card stack">
        <h2 className="product-title">{p.name}</h2>
        {p.description && <p className="article-body">{p.description}</p>}
        <Stat label={t('store.pricePerShare')}>
          <Amount value={p.price} token={p.asset} />
        </Stat>
        <StockLine p={p} />
        {open === 'closed' && <p className="notice danger">{t('module.notOpen')}</p>}
        {open === 'open' && <BuyShares p={p} />}
      </section>
    </div>
  );
}
