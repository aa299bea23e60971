// Users: look up an address — account, balances, team figures, orders, ledger entries, sessions (and
// revoke them). Amounts, states and kinds read as on the user's own pages.

import { isAddress } from '@free/protocol/address';
import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserLookup, useAdminGet, useAdminPost } from '../../api/admin';

import { Amount, DateTime, type Token } from '../../components/Amount';
import { type Column, DataTable, Loaded, Pager, Panel, Problem, useLabel } from './parts';

const TOKENS = ['USDT', 'FREE', 'FCC'] as const;
/** The user's accounts, named as on their own profile page. */
const ACCOUNTS = [
  ['wallet', 'mine.walletBalance'],
  ['airdrop', 'mine.airdropBalance'],
  ['pool', 'mine.poolBalance'],
  ['asset', 'mine.assetBalance'],
] as const;
const asToken = (s: string): Token | undefined =>
  (TOKENS as readonly string[]).includes(s) ? (s as Token) : undefined;

export function Users() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [address, setAddress] = useState('');
  const valid = isAddress(text.trim());
  return (
    <div className="admin-grid">
      <Panel title={t('admin.users.lookup')} testId="user-lookup">
        <form
          className="admin-actions"
          onSubmit={(e) => {
            e.preventDefault();
            setAddress(text.trim());
          }}
        >
          <input
            dir="ltr"
            name="address"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="0x…"
          />
          <button type="submit" disabled={!valid}>
            {t('admin.users.find')}
          </button>
        </form>
        {text.trim() !== '' && !valid && (
          <p className="field-error" role="alert">
            {t('admin.users.badAddress')}
          </p>
        )}
      </Panel>
      {address && <UserView address={address} />}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function UserView({ address }: { address: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const q = useAdminGet(adminRoutes.getAdminUsersLookup, { address });
  const yes = (v: boolean) => (v ? t('admin.on') : t('admin.off'));
  return (
    <Loaded q={q}>
      {(u) => (
        <>
          <Panel title={t('admin.users.account')} testId="user-account">
            <table className="admin-kv">
              <tbody>
                <Row label={t('admin.address')}>
                  <bdi dir="ltr">{u.user.address}</bdi>
                </Row>
                <Row label={t('admin.users.inviter')}>
                  <bdi dir="ltr">{u.user.inviter ?? '—'}</bdi>
                </Row>
                <Row label={t('admin.users.ignited')}>{yes(u.user.ignited)}</Row>
                <Row label={t('admin.users.created')}>
                  <DateTime value={u.user.createdAt} />
                </Row>
                <Row label={t('admin.users.lastLogin')}>
                  <DateTime value={u.user.lastLoginAt} />
                </Row>
              </tbody>
            </table>
            <DataTable
              testId="user-balances"
              rows={ACCOUNTS}
              rowKey={([account]) => account}
              rowProps={([account]) => ({ 'data-account': account })}
              columns={[
                { cell: ([, name]) => t(name), rowHeader: true },
                ...TOKENS.map(
                  (token): Column<(typeof ACCOUNTS)[number]> => ({
                    head: token,
                    cell: ([account]) => <Amount value={u.balances[account][token]} token={token} />,
                  }),
                ),
              ]}
            />
          </Panel>
          <Panel title={t('admin.users.team')} testId="user-team">
            <table className="admin-kv">
              <tbody>
                <Row label={t('team.level')}>{u.team.level}</Row>
                <Row label={t('team.node')}>{label('node', u.team.nodeTier)}</Row>
                <Row label={t('team.valid')}>{yes(u.team.isValid)}</Row>
                <Row label={t('mine.memberMarketMaker')}>{yes(u.team.isMarketMaker)}</Row>
                <Row label={t('team.ownStake')}>
                  <Amount value={u.team.ownPrincipal} token="USDT" />
                </Row>
                <Row label={t('team.performance')}>
                  <Amount value={u.team.totalPerformance} token="USDT" />
                </Row>
                <Row label={t('team.zoneA')}>
                  <Amount value={u.team.zoneA} token="USDT" />
                </Row>
                <Row label={t('team.zoneB')}>
                  <Amount value={u.team.zoneB} token="USDT" />
                </Row>
                <Row label={t('team.teamCount')}>{u.team.teamCount}</Row>
                <Row label={t('team.validCount')}>{u.team.validCount}</Row>
                <Row label={t('team.directCount')}>{u.team.directCount}</Row>
                <Row label={t('team.marketMakers')}>{u.team.marketMakers}</Row>
                <Row label={t('team.newToday')}>{u.team.newToday}</Row>
                <Row label={t('team.newYesterday')}>{u.team.newYesterday}</Row>
                <Row label={t('team.validToday')}>{u.team.validToday}</Row>
                <Row label={t('team.validYesterday')}>{u.team.validYesterday}</Row>
              </tbody>
            </table>
          </Panel>
          <Orders u={u} />
          <Ledger address={address} />
          <Sessions address={address} />
        </>
      )}
    </Loaded>
  );
}

/** "Newest n of total" above a list the look-up cuts short. */
function Newest({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation();
  return total > shown ? <p className="muted">{t('admin.users.newest', { count: shown, total })}</p> : null;
}

function Orders({ u }: { u: UserLookup }) {
  const { t } = useTranslation();
  const label = useLabel();
  const none = <p className="muted">{t('list.noData')}</p>;
  return (
    <Panel title={t('admin.users.orders')} testId="user-orders">
      <h3>{t('page.stakeOrders')}</h3>
      <Newest shown={u.staking.list.length} total={u.staking.total} />
      <DataTable
        testId="user-staking"
        rows={u.staking.list}
        rowKey={(o) => o.id}
        empty={none}
        columns={[
          {
            head: '#',
            cell: (o) => (
              <>
                {o.number} ({t(o.source === 'chain' ? 'shop.onChain' : 'shop.withBalance')})
              </>
            ),
            td: { dir: 'ltr' },
          },
          { head: t('shop.cycle'), cell: (o) => t('shop.cycleDays', { count: o.cycleDays }) },
          { head: t('admin.amount'), cell: (o) => <Amount value={o.amount} token="USDT" /> },
          { head: t('shop.principal'), cell: (o) => <Amount value={o.principal} token="USDT" /> },
          { head: t('shop.totalRevenue'), cell: (o) => <Amount value={o.totalRevenue} token="USDT" /> },
          { head: t('admin.state'), cell: (o) => label('shop.status', o.status) },
          { head: t('shop.pledgeTime'), cell: (o) => <DateTime value={o.pledgeTime} /> },
          { head: t('shop.dueTime'), cell: (o) => <DateTime value={o.dueTime} /> },
        ]}
      />
      <h3>{t('admin.users.shopOrders')}</h3>
      <Newest shown={u.shop.list.length} total={u.shop.total} />
      <DataTable
        testId="user-shop"
        rows={u.shop.list}
        rowKey={(o) => o.id}
        empty={none}
        columns={[
          { head: '#', cell: (o) => o.id },
          { head: t('admin.product.name'), cell: (o) => o.name },
          { head: t('admin.count'), cell: (o) => o.quantity },
          { head: t('admin.amount'), cell: (o) => <Amount value={o.total} token={o.asset} /> },
          { head: t('admin.state'), cell: (o) => label('store.state', o.state) },
          { head: t('admin.time'), cell: (o) => <DateTime value={o.createdAt} /> },
        ]}
      />
      <h3>{t('withdraw.records')}</h3>
      <Newest shown={u.withdrawals.list.length} total={u.withdrawals.total} />
      <DataTable
        testId="user-withdrawals"
        rows={u.withdrawals.list}
        rowKey={(w) => w.id}
        empty={none}
        columns={[
          { head: '#', cell: (w) => w.id },
          { head: t('admin.amount'), cell: (w) => <Amount value={w.amount} token={asToken(w.coin)} /> },
          {
            head: t('admin.state'),
            cell: (w) => (
              <>
                {label('state', w.state)}
                {w.rejectReason ? ` — ${w.rejectReason}` : ''}
              </>
            ),
          },
          { head: t('admin.time'), cell: (w) => <DateTime value={w.createdAt} /> },
          { head: t('withdraw.txHash'), cell: (w) => w.txHash ?? '—', td: { dir: 'ltr' } },
        ]}
      />
      <h3>{t('recharge.records')}</h3>
      <Newest shown={u.recharges.list.length} total={u.recharges.total} />
      <DataTable
        testId="user-recharges"
        rows={u.recharges.list}
        rowKey={(r) => r.orderId}
        empty={none}
        columns={[
          { head: t('admin.amount'), cell: (r) => <Amount value={r.amount} token="USDT" /> },
          { head: t('recharge.credited'), cell: (r) => <Amount value={r.credit} token="USDT" /> },
          {
            head: t('admin.state'),
            cell: (r) => (r.state === 'pending' ? t('recharge.awaitingPayment') : label('state', r.state)),
          },
          { head: t('admin.time'), cell: (r) => <DateTime value={r.createdAt} /> },
          { head: t('withdraw.txHash'), cell: (r) => r.txHash ?? '—', td: { dir: 'ltr' } },
        ]}
      />
    </Panel>
  );
}

const LEDGER_PAGE = 20;

function Ledger({ address }: { address: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [page, setPage] = useState(1);
  const q = useAdminGet(adminRoutes.getAdminUsersLedger, { address, page, size: LEDGER_PAGE });
  return (
    <Panel title={t('admin.users.ledger')} testId="user-ledger">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <DataTable
                rows={d.list}
                rowKey={(e) => e.id}
                rowProps={(e) => ({ 'data-entry': e.id })}
                columns={[
                  { head: t('admin.time'), cell: (e) => <DateTime value={e.time} /> },
                  { head: t('mine.filterKind'), cell: (e) => label('kind', e.kind) },
                  { head: t('admin.users.accountName'), cell: (e) => e.account },
                  {
                    head: t('admin.amount'),
                    cell: (e) => <Amount value={e.amount} token={asToken(e.asset)} />,
                  },
                  { head: t('admin.users.ref'), cell: (e) => e.ref ?? '—', td: { dir: 'ltr' } },
                ]}
              />
              <Pager page={page} hasMore={d.hasMore} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

function Sessions({ address }: { address: string }) {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminUsersSessions, { address });
  const revoke = useAdminPost(adminRoutes.postAdminUsersSessionsRevoke);
  return (
    <Panel title={t('admin.users.sessions')} testId="user-sessions">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(s) => s.id}
            empty={<p className="muted">{t('list.noData')}</p>}
            columns={[
              { head: '#', cell: (s) => s.id, td: { dir: 'ltr' } },
              {
                head: t('admin.users.device'),
                cell: (s) => s.device ?? t('sessions.unknownDevice'),
                td: { dir: 'ltr' },
              },
              { head: t('sessions.signedInAt'), cell: (s) => <DateTime value={s.createdAt} /> },
              { head: t('sessions.lastUsed'), cell: (s) => <DateTime value={s.lastUsedAt} /> },
              { head: t('sessions.expiresAt'), cell: (s) => <DateTime value={s.expiresAt} /> },
              {
                // the list holds live sessions only: each can be ended
                cell: (s) => (
                  <button type="button" onClick={() => revoke.mutate({ address, session: s.id })}>
                    {t('admin.users.revoke')}
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <button type="button" onClick={() => revoke.mutate({ address })} disabled={revoke.isPending}>
        {t('admin.users.revokeAll')}
      </button>
      <Problem error={revoke.error} />
    </Panel>
  );
}
