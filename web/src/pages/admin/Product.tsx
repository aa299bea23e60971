// Product: module switches, settings (the server validates each value), machines and shop products with
// stock, card applications to review, quotes.
import { CARD_STATES } from '@free/protocol/api/cards';
import { MODULE_KEYS } from '@free/protocol/modules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminCard,
  type AdminMachine,
  type AdminProduct,
  type AdminQuote,
  useAdminGet,
  useAdminPost,
} from '../../api/admin';
import { Amount } from '../../components/Amount';
import { json, Loaded, Panel, Problem, Saved } from './parts';

export function Product() {
  return (
    <div className="admin-grid">
      <Modules />
      <Settings />
      <Catalogue kind="machines" />
      <Catalogue kind="products" />
      <Cards />
      <Quotes />
    </div>
  );
}

function Modules() {
  const { t } = useTranslation();
  const q = useAdminGet<{ values: Record<string, unknown> }>('/api/admin/config');
  const set = useAdminPost<{ modules: Record<string, boolean> }>('/api/admin/modules');
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
  const q = useAdminGet<{ values: Record<string, unknown> }>('/api/admin/config');
  return (
    <Panel title={t('admin.product.settings')} testId="settings">
      <Loaded q={q}>
        {(d) => (
          <table className="admin-table">
            <tbody>
              {Object.entries(d.values)
                .filter(([k]) => k !== 'modules')
                .map(([k, v]) => (
                  <SettingRow key={k} name={k} value={v} />
                ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Panel>
  );
}

/** One setting, edited as JSON (a number, a quoted string, an object); the server says what is wrong. */
function SettingRow({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation();
  const [text, setText] = useState(JSON.stringify(value));
  const [parseError, setParseError] = useState(false);
  const set = useAdminPost<{ key: string; value: unknown }>('/api/admin/config');
  return (
    <tr data-setting={name}>
      <th scope="row">{name}</th>
      <td>
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
      </td>
    </tr>
  );
}

function Catalogue({ kind }: { kind: 'machines' | 'products' }) {
  const { t } = useTranslation();
  const q = useAdminGet<{ list: (AdminMachine | AdminProduct)[] }>(`/api/admin/${kind}`);
  return (
    <Panel title={t(`admin.product.${kind}`)} testId={kind}>
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th>{t('admin.product.code')}</th>
                  <th>{t('admin.product.name')}</th>
                  <th>{t('admin.product.price')}</th>
                  <th>{t('admin.product.active')}</th>
                  <th>{t('admin.product.stock')}</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((m) => (
                  <tr key={m.code}>
                    <td>{m.code}</td>
                    <td>{m.name.en ?? Object.values(m.name)[0] ?? ''}</td>
                    <td>
                      <Amount value={m.price} token={m.asset} />
                    </td>
                    <td>{m.active ? t('admin.on') : t('admin.off')}</td>
                    <td>
                      <StockEdit kind={kind} code={m.code} stock={m.stock} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** Stock: a whole number, or empty for unlimited. */
function StockEdit({ kind, code, stock }: { kind: string; code: string; stock: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(stock === null ? '' : String(stock));
  const set = useAdminPost<{ code: string; stock: number | null }>(`/api/admin/${kind}/stock`);
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

function Cards() {
  const { t } = useTranslation();
  const [state, setState] = useState<string>('submitted');
  const q = useAdminGet<{ list: AdminCard[] }>('/api/admin/cards', { state });
  const review = useAdminPost<{ id: number; state: string; note?: string }>('/api/admin/cards/review');
  return (
    <Panel title={t('admin.product.cards')} testId="cards">
      <select value={state} onChange={(e) => setState(e.target.value)} aria-label={t('admin.state')}>
        {CARD_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <Problem error={review.error} />
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <table className="admin-table">
              <tbody>
                {d.list.map((c) => (
                  <tr key={c.id}>
                    <td>{c.id}</td>
                    <td>{c.userId}</td>
                    <td dir="ltr">{json(c)}</td>
                    <td>
                      {CARD_STATES.filter((s) => s !== c.state).map((s) => (
                        <button key={s} type="button" onClick={() => review.mutate({ id: c.id, state: s })}>
                          {s}
                        </button>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Panel>
  );
}

function Quotes() {
  const { t } = useTranslation();
  const q = useAdminGet<{ list: AdminQuote[] }>('/api/admin/quotes');
  const [symbol, setSymbol] = useState('');
  const [price, setPrice] = useState('');
  const set = useAdminPost<{ symbol: string; price: string }>('/api/admin/quotes');
  return (
    <Panel title={t('admin.product.quotes')} testId="quotes">
      <Loaded q={q}>
        {(d) => (
          <table className="admin-table">
            <tbody>
              {d.list.map((x) => (
                <tr key={x.symbol}>
                  <td>{x.symbol}</td>
                  <td dir="ltr">{json(x)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <form
        className="admin-actions"
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate({ symbol: symbol.trim(), price: price.trim() });
        }}
      >
        <input
          value={symbol}
          onChange={(e) => setSymbol(e.target.value)}
          placeholder={t('admin.product.symbol')}
        />
        <input
          value={price}
          inputMode="decimal"
          onChange={(e) => setPrice(e.target.value)}
          placeholder={t('admin.product.price')}
        />
        <button type="submit" disabled={set.isPending || symbol.trim() === '' || price.trim() === ''}>
          {t('admin.save')}
        </button>
        <Saved when={set.isSuccess} />
        <Problem error={set.error} />
      </form>
    </Panel>
  );
}
