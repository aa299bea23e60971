// Product: module switches, settings (the server validates each value), machines and shop products
// (add, edit, stock), shop orders to move along, card applications to review, quotes.

import { type AdminShopOrder, OPERATOR_SHOP_MOVES } from '@free/protocol/api/admin';
import { CARD_STATES, CARD_TRANSITIONS } from '@free/protocol/api/cards';
import { adminRoutes } from '@free/protocol/api/generated/admin-routes';

type CardState = (typeof CARD_STATES)[number];

import { SHOP_ORDER_STATES } from '@free/protocol/api/shop';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { MODULE_KEYS } from '@free/protocol/modules';
import { SHOP_TRANSITIONS, type ShopState } from '@free/protocol/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMachine, type AdminProduct, useAdminGet, useAdminPost } from '../../api/admin';

import { Amount, DateTime } from '../../components/Amount';
import { AmountInput, type AmountRules, amountProblem } from '../../components/AmountInput';
import { DataTable, Loaded, Pager, Panel, Problem, Saved, useLabel } from './parts';

const OPERATOR_AMOUNT: AmountRules = { kind: 'shares' };
const ASSETS = ['USDT', 'FREE', 'FCC'] as const;
type CatalogueKind = 'machines' | 'products';

export function Product() {
  return (
    <div className="admin-grid">
      <Modules />
      <Settings />
      <Catalogue kind="machines" />
      <Catalogue kind="products" />
      <ShopOrders />
      <Cards />
      <Quotes />
    </div>
  );
}

function Modules() {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminConfig);
  const set = useAdminPost(adminRoutes.postAdminModules);
  const modules = (q.data?.values.modules ?? {}) as Record<string, boolean>;
  return (
    <Panel title={t('admin.product.modules')} testId="modules">
      <ul className="admin-modules">
        {MODULE_KEYS.map((k) => (
          <li key={k}>
            <label>
              <input
                type="checkbox"
                data-module={k}
                checked={modules[k] === true}
                disabled={set.isPending || !q.data}
                onChange={(e) => set.mutate({ modules: { [k]: e.target.checked } })}
              />{' '}
              {k}
            </label>
          </li>
        ))}
      </ul>
      <Problem error={set.error} />
    </Panel>
  );
}

function Settings() {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminConfig);
  return (
    <Panel title={t('admin.product.settings')} testId="settings">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            head={false}
            rows={Object.entries(d.values).filter(([k]) => k !== 'modules')}
            rowKey={([k]) => k}
            rowProps={([k]) => ({ 'data-setting': k })}
            columns={[
              { cell: ([k]) => k, rowHeader: true },
              { cell: ([k, v]) => <SettingEdit name={k} value={v} /> },
            ]}
          />
        )}
      </Loaded>
    </Panel>
  );
}

/** One setting, edited as JSON (a number, a quoted string, an object); the server says what is wrong. */
function SettingEdit({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation();
  const [text, setText] = useState(JSON.stringify(value));
  const [parseError, setParseError] = useState(false);
  const set = useAdminPost(adminRoutes.postAdminConfig);
  return (
    <>
      <input dir="ltr" value={text} onChange={(e) => setText(e.target.value)} aria-label={name} />
      <button
        type="button"
        disabled={set.isPending}
        onClick={() => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            setParseError(true);
            return;
          }
          setParseError(false);
          set.mutate({ key: name, value: parsed });
        }}
      >
        {t('admin.save')}
      </button>
      <Saved when={set.isSuccess} />
      {parseError && (
        <p className="field-error" role="alert">
          {t('admin.product.notJson')}
        </p>
      )}
      <Problem error={set.error} />
    </>
  );
}

type CatalogueRow = AdminMachine | AdminProduct;

/** The console's routes of each catalogue. */
const CATALOGUE = {
  machines: {
    list: adminRoutes.getAdminMachines,
    save: adminRoutes.postAdminMachines,
    stock: adminRoutes.postAdminMachinesStock,
  },
  products: {
    list: adminRoutes.getAdminProducts,
    save: adminRoutes.postAdminProducts,
    stock: adminRoutes.postAdminProductsStock,
  },
} as const;

function Catalogue({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const q = useAdminGet(CATALOGUE[kind].list);
  // null: the form is closed; a row: edit it; 'new': add one
  const [editing, setEditing] = useState<CatalogueRow | 'new' | null>(null);
  return (
    <Panel title={t(`admin.product.${kind}`)} testId={kind}>
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(m) => m.code}
            rowProps={(m) => ({ 'data-code': m.code })}
            empty={<p className="muted">{t('list.noData')}</p>}
            columns={[
              { head: t('admin.product.code'), cell: (m) => m.code },
              { head: t('admin.product.name'), cell: (m) => m.name.en ?? Object.values(m.name)[0] ?? '' },
              { head: t('admin.product.price'), cell: (m) => <Amount value={m.price} token={m.asset} /> },
              { head: t('admin.product.active'), cell: (m) => (m.active ? t('admin.on') : t('admin.off')) },
              {
                head: t('admin.product.stock'),
                cell: (m) => <StockEdit kind={kind} code={m.code} stock={m.stock} />,
              },
              {
                cell: (m) => (
                  <button type="button" data-testid="catalogue-edit" onClick={() => setEditing(m)}>
                    {t('admin.edit')}
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      {editing === null ? (
        <button type="button" data-testid="catalogue-add" onClick={() => setEditing('new')}>
          {t(`admin.product.add.${kind}`)}
        </button>
      ) : (
        <CatalogueForm
          // a new key per row, so the form starts from that row's values
          key={editing === 'new' ? 'new' : editing.code}
          kind={kind}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Panel>
  );
}

type Texts = Record<string, { name: string; description: string }>;

/** Adds a machine or product, or edits one by its code (POST /api/admin/machines|products). */
function CatalogueForm({
  kind,
  row,
  onClose,
}: {
  kind: CatalogueKind;
  row: CatalogueRow | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const machine = row && 'hashrate' in row ? row : null;
  const [f, setF] = useState({
    code: row?.code ?? '',
    asset: row?.asset ?? 'USDT',
    price: row?.price ?? '',
    image: row?.image ?? '',
    stock: row?.stock === null || row?.stock === undefined ? '' : String(row.stock),
    sort: String(row?.sort ?? 0),
    hashrate: machine?.hashrate ?? '',
    days: machine ? String(machine.days) : '',
  });
  const [texts, setTexts] = useState<Texts>(() =>
    Object.fromEntries(
      LANGUAGE_CODES.map((l) => [l, { name: row?.name[l] ?? '', description: row?.description[l] ?? '' }]),
    ),
  );
  const [tried, setTried] = useState(false);
  const save = useAdminPost(CATALOGUE[kind].save);
  const text = (k: keyof typeof f) => ({
    name: k,
    value: f[k],
    onChange: (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value }),
  });
  const digits = (k: 'stock' | 'hashrate' | 'days') => ({
    name: k,
    inputMode: 'numeric' as const,
    dir: 'ltr' as const,
    value: f[k],
    onChange: (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value.replace(/\D/g, '') }),
  });
  const problems = [
    !/^[a-z0-9_-]{1,40}$/.test(f.code) && 'admin.product.codeRule',
    amountProblem(f.price, OPERATOR_AMOUNT, i18n.language) !== null && 'admin.product.priceMissing',
    !texts.en?.name.trim() && 'admin.product.nameMissing',
    kind === 'machines' && !/^[1-9]\d*$/.test(f.hashrate) && 'admin.product.hashrateMissing',
    kind === 'machines' && !/^[1-9]\d*$/.test(f.days) && 'admin.product.daysMissing',
  ].filter((p): p is string => typeof p === 'string');
  const only = (by: 'name' | 'description') =>
    Object.fromEntries(
      Object.entries(texts)
        .filter(([, v]) => v[by].trim() !== '')
        .map(([l, v]) => [l, v[by].trim()]),
    );
  return (
    <form
      className="admin-catalogue-form"
      data-testid={`${kind}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problems.length > 0) return;
        save.mutate(
          {
            code: f.code,
            name: only('name'),
            description: only('description'),
            image: f.image.trim() || null,
            asset: f.asset,
            price: f.price,
            stock: f.stock === '' ? null : Number(f.stock),
            sort: Number(f.sort) || 0,
            ...(kind === 'machines' ? { hashrate: f.hashrate, days: Number(f.days) } : {}),
          },
          { onSuccess: () => onClose() },
        );
      }}
    >
      <h3>{row ? t('admin.product.editing', { code: row.code }) : t(`admin.product.add.${kind}`)}</h3>
      <label>
        {t('admin.product.code')}
        {/* the code names the item: editing keeps it */}
        <input {...text('code')} dir="ltr" readOnly={row !== null} />
      </label>
      <label>
        {t('admin.product.asset')}
        <select {...text('asset')}>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <div className="admin-field">
        <span>{t('admin.product.price')}</span>
        <AmountInput
          value={f.price}
          onChange={(price) => setF({ ...f, price })}
          rules={OPERATOR_AMOUNT}
          token={f.asset}
          showError={tried}
        />
      </div>
      {kind === 'machines' && (
        <>
          <label>
            {t('admin.product.hashrate')}
            <input {...digits('hashrate')} />
          </label>
          <label>
            {t('admin.product.days')}
            <input {...digits('days')} />
          </label>
        </>
      )}
      <label>
        {t('admin.product.stock')}
        <input {...digits('stock')} placeholder={t('admin.product.unlimited')} />
      </label>
      <label>
        {t('admin.product.sort')}
        <input
          name="sort"
          dir="ltr"
          inputMode="numeric"
          value={f.sort}
          onChange={(e) => setF({ ...f, sort: e.target.value.replace(/[^\d-]/g, '').replace(/(?!^)-/g, '') })}
        />
      </label>
      <label>
        {t('admin.content.image')}
        <input {...text('image')} dir="ltr" />
      </label>
      <DataTable
        rows={LANGUAGE_CODES}
        rowKey={(l) => l}
        columns={[
          { head: t('admin.content.language'), cell: (l) => l, rowHeader: true },
          {
            head: t('admin.product.name'),
            cell: (l) => (
              <input
                name={`name.${l}`}
                value={texts[l]?.name ?? ''}
                maxLength={500}
                onChange={(e) =>
                  setTexts({
                    ...texts,
                    [l]: { ...(texts[l] ?? { description: '' }), name: e.target.value },
                  })
                }
              />
            ),
          },
          {
            head: t('admin.product.description'),
            cell: (l) => (
              <input
                name={`description.${l}`}
                value={texts[l]?.description ?? ''}
                maxLength={500}
                onChange={(e) =>
                  setTexts({
                    ...texts,
                    [l]: { ...(texts[l] ?? { name: '' }), description: e.target.value },
                  })
                }
              />
            ),
          },
        ]}
      />
      {tried &&
        problems.map((p) => (
          <p key={p} className="field-error" role="alert">
            {t(p)}
          </p>
        ))}
      <div className="admin-actions">
        <button type="submit" disabled={save.isPending}>
          {t('admin.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('admin.close')}
        </button>
      </div>
      <Problem error={save.error} />
    </form>
  );
}

/** Stock: a whole number, or empty for unlimited. */
function StockEdit({ kind, code, stock }: { kind: CatalogueKind; code: string; stock: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(stock === null ? '' : String(stock));
  const set = useAdminPost(CATALOGUE[kind].stock);
  return (
    <span className="admin-actions">
      <input
        inputMode="numeric"
        value={text}
        placeholder={t('admin.product.unlimited')}
        aria-label={t('admin.product.stock')}
        onChange={(e) => setText(e.target.value.replace(/\D/g, ''))}
      />
      <button
        type="button"
        disabled={set.isPending}
        onClick={() => set.mutate({ code, stock: text === '' ? null : Number(text) })}
      >
        {t('admin.save')}
      </button>
      <Problem error={set.error} />
    </span>
  );
}

const ORDERS_PAGE = 20;

/** Every user's shop orders: a paid one waits for the operator to ship it (or cancel it, refunded). */
function ShopOrders() {
  const { t } = useTranslation();
  const label = useLabel();
  const [state, setState] = useState<ShopState | ''>('paid');
  const [page, setPage] = useState(1);
  const q = useAdminGet(adminRoutes.getAdminShopOrders, {
    ...(state ? { state } : {}),
    page,
    size: ORDERS_PAGE,
  });
  return (
    <Panel title={t('admin.shop.orders')} testId="shop-orders">
      <label>
        {t('admin.state')}
        <select
          value={state}
          onChange={(e) => {
            setState(e.target.value as ShopState | '');
            setPage(1);
          }}
        >
          <option value="">{t('mine.filterAll')}</option>
          {SHOP_ORDER_STATES.map((s) => (
            <option key={s} value={s}>
              {label('store.state', s)}
            </option>
          ))}
        </select>
      </label>
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <DataTable
                rows={d.list}
                rowKey={(o) => o.id}
                rowProps={(o) => ({ 'data-shop-order': o.id })}
                columns={[
                  { head: '#', cell: (o) => o.id },
                  { head: t('admin.shop.buyer'), cell: (o) => o.address, td: { dir: 'ltr' } },
                  { head: t('admin.product.name'), cell: (o) => o.name },
                  { head: t('admin.count'), cell: (o) => o.quantity },
                  { head: t('admin.amount'), cell: (o) => <Amount value={o.total} token={o.asset} /> },
                  { head: t('admin.state'), cell: (o) => label('store.state', o.state) },
                  { head: t('admin.time'), cell: (o) => <DateTime value={o.createdAt} /> },
                  { cell: (o) => <ShopOrderMoves o={o} /> },
                ]}
              />
              <Pager page={page} hasMore={page * ORDERS_PAGE < d.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** The moves an operator can make on one shop order (its row's last cell). */
function ShopOrderMoves({ o }: { o: AdminShopOrder }) {
  const { t } = useTranslation();
  const move = useAdminPost(adminRoutes.postAdminShopOrder);
  const moves = OPERATOR_SHOP_MOVES.filter((m) => SHOP_TRANSITIONS[o.state].includes(m));
  return (
    <>
      <div className="admin-actions">
        {moves.map((m) => (
          <button
            key={m}
            type="button"
            data-move={m}
            disabled={move.isPending}
            onClick={() => move.mutate({ id: o.id, state: m })}
          >
            {t(`admin.shop.move.${m}`)}
          </button>
        ))}
      </div>
      <Problem error={move.error} />
    </>
  );
}

function Cards() {
  const { t } = useTranslation();
  const label = useLabel();
  const [state, setState] = useState<CardState>('submitted');
  const q = useAdminGet(adminRoutes.getAdminCards, { state });
  const review = useAdminPost(adminRoutes.postAdminCardsReview);
  return (
    <Panel title={t('admin.product.cards')} testId="cards">
      <select
        value={state}
        onChange={(e) => setState(e.target.value as CardState)}
        aria-label={t('admin.state')}
      >
        {CARD_STATES.map((s) => (
          <option key={s} value={s}>
            {label('state', s)}
          </option>
        ))}
      </select>
      <Problem error={review.error} />
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ 'data-card': c.id })}
            empty={<p className="muted">{t('list.noData')}</p>}
            columns={[
              { head: '#', cell: (c) => c.id },
              { head: t('admin.user'), cell: (c) => c.userId },
              {
                head: t('card.kind'),
                cell: (c) => t(c.kind === 'virtual' ? 'card.virtual' : 'card.physical'),
              },
              { head: t('card.name'), cell: (c) => c.name },
              { head: t('card.phone'), cell: (c) => c.phone, td: { dir: 'ltr' } },
              { head: t('card.address'), cell: (c) => c.address ?? '—' },
              {
                head: t('admin.state'),
                cell: (c) => (
                  <>
                    {label('state', c.state)}
                    {c.note ? ` — ${c.note}` : ''}
                  </>
                ),
              },
              { head: t('admin.time'), cell: (c) => <DateTime value={c.createdAt} /> },
              {
                cell: (c) =>
                  CARD_TRANSITIONS[c.state].map((s) => (
                    <button key={s} type="button" onClick={() => review.mutate({ id: c.id, state: s })}>
                      {label('state', s)}
                    </button>
                  )),
              },
            ]}
          />
        )}
      </Loaded>
    </Panel>
  );
}

function Quotes() {
  const { t, i18n } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminQuotes);
  const [symbol, setSymbol] = useState('');
  const [price, setPrice] = useState('');
  const set = useAdminPost(adminRoutes.postAdminQuotes);
  const priceOk = amountProblem(price, OPERATOR_AMOUNT, i18n.language) === null;
  return (
    <Panel title={t('admin.product.quotes')} testId="quotes">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(x) => x.symbol}
            columns={[
              { head: t('admin.product.symbol'), cell: (x) => x.symbol },
              { head: t('admin.product.name'), cell: (x) => x.name },
              { head: t('admin.product.price'), cell: (x) => <Amount value={x.price} token="USDT" /> },
              { head: t('admin.product.change24h'), cell: (x) => `${x.change24h}%`, td: { dir: 'ltr' } },
              { head: t('admin.product.source'), cell: (x) => x.source },
              { head: t('admin.time'), cell: (x) => <DateTime value={x.updatedAt} /> },
            ]}
          />
        )}
      </Loaded>
      <form
        className="admin-actions"
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate({ symbol: symbol.trim(), price });
        }}
      >
        <input
          value={symbol}
          onChange={(e) => setSymbol(e.target.value)}
          placeholder={t('admin.product.symbol')}
        />
        <AmountInput value={price} onChange={setPrice} rules={OPERATOR_AMOUNT} token="USDT" />
        <button type="submit" disabled={set.isPending || symbol.trim() === '' || !priceOk}>
          {t('admin.save')}
        </button>
        <Saved when={set.isSuccess} />
        <Problem error={set.error} />
      </form>
    </Panel>
  );
}
