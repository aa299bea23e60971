// Dashboard (GET /api/admin/dashboard): chain figures, FOMO vs floor, ledger, indexer, payouts, settlement.

import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { useTranslation } from 'react-i18next';
import { type Dashboard as DashboardData, useAdminGet } from '../../api/admin';

import { Amount, DateTime } from '../../components/Amount';
import { DataTable, Loaded, Panel, useLabel } from './parts';

export function Dashboard() {
  const q = useAdminGet(adminRoutes.getAdminDashboard);
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
      {d.chainMismatch && (
        <p className="field-error" role="alert" data-testid="chain-mismatch">
          {t('admin.dash.chainMismatch', d.chainMismatch)}
        </p>
      )}
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
      <Panel title={t('admin.dash.income')} testId="dash-income">
        <table className="admin-kv">
          <tbody>
            <Row label={t('admin.dash.incomeBudget')}>
              {d.incomeBudget.budget === null ? (
                t('admin.dash.noBudget')
              ) : (
                <Amount value={d.incomeBudget.budget} token="USDT" />
              )}
            </Row>
            <Row label={t('admin.dash.incomePaid')}>
              <Amount value={d.incomeBudget.paid} token="USDT" />
            </Row>
            <Row label={t('admin.dash.incomeLastHeld')}>
              <Amount value={d.incomeBudget.lastHeld} token="USDT" />
            </Row>
            <Row label={t('admin.dash.heldInterest', { count: d.incomeBudget.heldInterest.count })}>
              <Amount value={d.incomeBudget.heldInterest.amount} token="USDT" />
            </Row>
          </tbody>
        </table>
      </Panel>
      {c && (
        <Panel title={t('admin.dash.wallets')}>
          <DataTable
            rows={[
              { id: 'hot', name: t('admin.dash.hotWallet'), ...c.hotWallet },
              { id: 'treasury', name: t('admin.dash.treasury'), ...c.treasury, gas: undefined },
            ]}
            rowKey={(w) => w.id}
            columns={[
              { cell: (w) => w.name, rowHeader: true },
              { head: 'USDT', cell: (w) => <Amount value={w.USDT} /> },
              { head: 'FREE', cell: (w) => <Amount value={w.FREE} /> },
              {
                head: t('admin.dash.gas'),
                cell: (w) => (w.gas === undefined ? '—' : <Amount value={w.gas} />),
              },
            ]}
          />
        </Panel>
      )}
      <Panel title={t('admin.dash.ledger')} testId="dash-ledger">
        <DataTable
          rows={(['USDT', 'FREE'] as const).map((token) => ({
            token,
            r: d.reconciliation?.find((x) => x.token === token),
          }))}
          rowKey={({ token }) => token}
          rowProps={({ r }) => ({
            className: r && (r.short !== '0' || r.paidAfterRefund > 0) ? 'is-danger' : undefined,
          })}
          columns={[
            { cell: ({ token }) => token, rowHeader: true },
            { head: t('admin.dash.owed'), cell: ({ token }) => <Amount value={d.liabilities[token]} /> },
            { head: t('admin.dash.held'), cell: ({ r }) => (r ? <Amount value={r.held} /> : '—') },
            { head: t('admin.dash.short'), cell: ({ r }) => (r ? <Amount value={r.short} /> : '—') },
            // withdrawals refunded and then paid on chain all the same: paid twice
            { head: t('admin.dash.paidAfterRefund'), cell: ({ r }) => (r ? r.paidAfterRefund : '—') },
          ]}
        />
      </Panel>
      <Panel title={t('admin.dash.indexer')}>
        <DataTable
          rows={d.indexer}
          rowKey={(i) => i.name}
          columns={[
            { head: t('admin.dash.cursor'), cell: (i) => i.name },
            { head: t('admin.dash.block'), cell: (i) => i.block },
            { head: t('admin.dash.lag'), cell: (i) => i.lag ?? '—' },
          ]}
        />
      </Panel>
      <Panel title={t('admin.dash.payouts')}>
        <DataTable
          rows={d.payouts}
          rowKey={(p) => p.state}
          empty={<p className="muted">{t('list.noData')}</p>}
          columns={[
            { head: t('admin.state'), cell: (p) => label('state', p.state) },
            { head: t('admin.count'), cell: (p) => p.count },
            { head: t('admin.amount'), cell: (p) => <Amount value={p.amount} token="USDT" /> },
          ]}
        />
      </Panel>
      <Panel title={t('admin.dash.settlement')}>
        <DataTable
          rows={d.settlement}
          rowKey={(s) => s.step}
          empty={<p className="muted">{t('list.noData')}</p>}
          columns={[
            { head: t('admin.dash.step'), cell: (s) => s.step },
            { head: t('admin.dash.day'), cell: (s) => s.day },
            { head: t('admin.count'), cell: (s) => s.rows },
            { head: t('admin.amount'), cell: (s) => <Amount value={s.total} /> },
            { head: t('admin.dash.finishedAt'), cell: (s) => <DateTime value={s.finishedAt} /> },
          ]}
        />
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
