// The shop (docs/business-rules.md "Shop and FCC records"): products with picture, price per share and stock; a tap opens the product.
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useModuleOpen } from '../../api/modules';
import { useRestartStalled } from '../../api/restart';
import { type ShopProduct, useShopProducts } from '../../api/shop';
import { AppLink } from '../../app/link';
import { Amount, Count } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/PageSkeleton';
import { ProductImage } from '../../components/ProductImage';
import { useSession } from '../../session/store';
import './shop.css';

/** Stock left, unlimited, or sold out. */
export function StockLine({ p }: { p: Pick<ShopProduct, 'stock' | 'soldOut'> }) {
  const { t } = useTranslation();
  if (p.soldOut) return <span className="tag-closed">{t('machine.soldOut')}</span>;
  return (
    <span className="muted">
      {t('machine.stock')} {p.stock === null ? t('machine.unlimited') : <Count value={p.stock} />}
    </span>
  );
}

/** A load that failed: say so and offer another try (an empty shop is something else). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={t('list.loadFailed')}>
      <Button shape="rounded" size="small" onClick={onRetry}>
        {t('action.retry')}
      </Button>
    </EmptyState>
  );
}

function ProductCard({ p }: { p: ShopProduct }) {
  const { t } = useTranslation();
  return (
    <AppLink className="product-card card" to={`/pages/shop/product?id=${p.id}`} data-testid="product-card">
      <ProductImage src={p.image} alt={p.name} />
      <span className="product-name">{p.name}</span>
      <span className="product-price">
        <Amount value={p.price} token={p.asset} />
        <span className="muted"> {t('store.perShare')}</span>
      </span>
      <StockLine p={p} />
    </AppLink>
  );
}

export default function Products() {
  const { t } = useTranslation();
  const products = useShopProducts();
  const open = useModuleOpen('shop');
  const signedIn = useSession() !== null;
  const restart = useRestartStalled();
  const loading = products.isPending && products.fetchStatus !== 'idle';
  return (
    <div className="page">
      {open === 'closed' && (
        <p className="notice danger" role="status">
          {t('module.notOpen')}
        </p>
      )}
      {signedIn && (
        <AppLink className="store-orders-link" to="/pages/shop/shopOrders">
          {t('store.myOrders')}
        </AppLink>
      )}
      {loading ? (
        <Loading onRetry={restart} />
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} />
      ) : (products.data ?? []).length === 0 ? (
        <EmptyState text={t('list.noData')} />
      ) : (
        <div className="product-grid">
          {(products.data ?? []).map((p) => (
            <ProductCard key={p.id} p={p} />
          ))}
        </div>
      )}
    </div>
  );
}
