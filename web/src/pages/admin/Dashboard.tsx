// Dashboard (GET /api/admin/dashboard): chain figures, FOMO vs floor, ledger, indexer, payouts, settlement.
import { useTranslation } from 'react-i18next';
import { type Dashboard as DashboardData, useAdminGet } from '../../api/admin';
import { Amount, DateTime } from '../../components/Amount';
import { Loaded, Panel, useLabel } from './parts';

export function Dashboard() {
  const q = useAdminGet<DashboardData>('/api/admin/dashboard');
  return <Loaded q={q}>{(d) => <DashboardView d={d} />}</Loaded>;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

export function DashboardView({ d }: { d: DashboardData }) {
  const { t } = useTranslation();
  const label = useLabel();
  const c = d.chain;
  return (
    <div className="admin-grid">
      <Panel title={t('admin.dash.staking')} testId="dash-staking">
        {c ? (
          <table className="admin-kv">
            <tbody>
              <Row label={t('admin.dash.reserve')}>
                <Amount value={c.staking.reserve} token="USDT" />
              </Row>
              <Row label={t('admin.dash.committed')}>
                <Amount value={c.staking.committed} token="USDT" />
              </Row>
              <Row label={t('admin.dash.openPrincipal')}>
                <Amount value={c.staking.openPrincipal} token="USDT" />
              </Row>
              <Row label={t('admin.dash.availableReserve')}>
                <Amount value={c.staking.availableReserve} token="USDT" />
              </Row>
              <Row label={t('admin.dash.head')}>{c.head}</Row>
            </tbody>
          </table>
        ) : (
          <p className="field-error" role="alert">
            {t('admin.dash.chainUnreadable')} {d.chainError}
          </p>
        )}
      </Panel>
      <Panel title={t('admin.dash.fomo')} testId="dash-fomo">
        <table className="admin-kv">
          <tbody>
            <Row label={t('admin.dash.fomoBalance')}>
              <Amount value={d.fomo.balance} token="FREE" />
            </Row>
            <Row label={t('admin.dash.fomoFloor')}>
              <Amount value={d.fomo.floor} token="FREE" />
            </Row>
          </tbody>
        </table>
        <p className={d.fomo.aboveFloor ? 'badge is-success' : 'badge is-danger'} data-testid="fomo-state">
          {d.fomo.aboveFloor ? t('admin.dash.aboveFloor') : t('admin.dash.belowFloor')}
        </p>
      </Panel>
      {c && (
        <Panel title={t('admin.dash.wallets')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th />
                <th>USDT</th>
                <th>FREE</th>
                <th>{t('admin.dash.gas')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('admin.dash.hotWallet')}</th>
                <td>
                  <Amount value={c.hotWallet.USDT} />
                </td>
                <td>
                  <Amount value={c.hotWallet.FREE} />
                </td>
                <td>
                  <Amount value={c.hotWallet.gas} />
                </td>
              </tr>
              <tr>
                <th scope="row">{t('admin.dash.treasury')}</th>
                <td>
                  <Amount value={c.treasury.USDT} />
                </td>
                <td>
                  <Amount value={c.treasury.FREE} />
                </td>
                <td>—</td>
              </tr>
            </tbody>
          </table>
        </Panel>
      )}
      <Panel title={t('admin.dash.ledger')} testId="dash-ledger">
        <table className="admin-table">
          <thead>
            <tr>
              <th />
              <th>{t('admin.dash.owed')}</th>
              <th>{t('admin.dash.held')}</th>
              <th>{t('admin.dash.short')}</th>
            </tr>
          </thead>
          <tbody>
            {(['USDT', 'FREE'] as const).map((token) => {
              const r = d.reconciliation?.find((x) => x.token === token);
              return (
                <tr key={token} className={r && r.short !== '0' ? 'is-danger' : undefined}>
                  <th scope="row">{token}</th>
                  <td>
                    <Amount value={d.liabilities[token]} />
                  </td>
                  <td>{r ? <Amount value={r.held} /> : '—'}</td>
                  <td>{r ? <Amount value={r.short} /> : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Panel>
      <Panel title={t('admin.dash.indexer')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.dash.cursor')}</th>
              <th>{t('admin.dash.block')}</th>
              <th>{t('admin.dash.lag')}</th>
            </tr>
          </thead>
          <tbody>
            {d.indexer.map((i) => (
              <tr key={i.name}>
                <td>{i.name}</td>
                <td>{i.block}</td>
                <td>{i.lag ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title={t('admin.dash.payouts')}>
        {d.payouts.length === 0 ? (
          <p className="muted">{t('list.noData')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('admin.state')}</th>
                <th>{t('admin.count')}</th>
                <th>{t('admin.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {d.payouts.map((p) => (
                <tr key={p.state}>
                  <td>{label('state', p.state)}</td>
                  <td>{p.count}</td>
                  <td>
                    <Amount value={p.amount} token="USDT" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={t('admin.dash.settlement')}>
        {d.settlement.length === 0 ? (
          <p className="muted">{t('list.noData')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('admin.dash.step')}</th>
                <th>{t('admin.dash.day')}</th>
                <th>{t('admin.count')}</th>
                <th>{t('admin.amount')}</th>
                <th>{t('admin.dash.finishedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {d.settlement.map((s) => (
                <tr key={s.step}>
                  <td>{s.step}</td>
                  <td>{s.day}</td>
                  <td>{s.rows}</td>
                  <td>
                    <Amount value={s.total} />
                  </td>
                  <td>
                    <DateTime value={s.finishedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={t('admin.dash.modules')}>
        <ul className="admin-modules">
          {Object.entries(d.modules).map(([k, on]) => (
            <li key={k} className={on ? 'is-on' : 'is-off'}>
              {k}: {on ? t('admin.on') : t('admin.off')}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
