// Users: look up an address — account, balances, team figures, orders, ledger entries, sessions (and
// revoke them). Amounts, states and kinds read as on the user's own pages.
import { isAddress } from '@free/protocol/address';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type UserLedger,
  type UserLookup,
  type UserSession,
  useAdminGet,
  useAdminPost,
} from '../../api/admin';
import { Amount, DateTime, type Token } from '../../components/Amount';
import { Loaded, Pager, Panel, Problem, useLabel } from './parts';

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
  const q = useAdminGet<UserLookup>('/api/admin/users/lookup', { address });
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
            <table className="admin-table" data-testid="user-balances">
              <thead>
                <tr>
                  <th />
                  {TOKENS.map((token) => (
                    <th key={token}>{token}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ACCOUNTS.map(([account, name]) => (
                  <tr key={account} data-account={account}>
                    <th scope="row">{t(name)}</th>
                    {TOKENS.map((token) => (
                      <td key={token}>
                        <Amount value={u.balances[account][token]} token={token} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
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
      {u.staking.list.length === 0 ? (
        none
      ) : (
        <table className="admin-table" data-testid="user-staking">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('shop.cycle')}</th>
              <th>{t('admin.amount')}</th>
              <th>{t('shop.principal')}</th>
              <th>{t('shop.totalRevenue')}</th>
              <th>{t('admin.state')}</th>
              <th>{t('shop.pledgeTime')}</th>
              <th>{t('shop.dueTime')}</th>
            </tr>
          </thead>
          <tbody>
            {u.staking.list.map((o) => (
              <tr key={o.id}>
                <td dir="ltr">
                  {o.number} ({t(o.source === 'chain' ? 'shop.onChain' : 'shop.withBalance')})
                </td>
                <td>{t('shop.cycleDays', { count: o.cycleDays })}</td>
                <td>
                  <Amount value={o.amount} token="USDT" />
                </td>
                <td>
                  <Amount value={o.principal} token="USDT" />
                </td>
                <td>
                  <Amount value={o.totalRevenue} token="USDT" />
                </td>
                <td>{label('shop.status', o.status)}</td>
                <td>
                  <DateTime value={o.pledgeTime} />
                </td>
                <td>
                  <DateTime value={o.dueTime} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('admin.users.shopOrders')}</h3>
      <Newest shown={u.shop.list.length} total={u.shop.total} />
      {u.shop.list.length === 0 ? (
        none
      ) : (
        <table className="admin-table" data-testid="user-shop">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin.product.name')}</th>
              <th>{t('admin.count')}</th>
              <th>{t('admin.amount')}</th>
              <th>{t('admin.state')}</th>
              <th>{t('admin.time')}</th>
            </tr>
          </thead>
          <tbody>
            {u.shop.list.map((o) => (
              <tr key={o.id}>
                <td>{o.id}</td>
                <td>{o.name}</td>
                <td>{o.quantity}</td>
                <td>
                  <Amount value={o.total} token={o.asset} />
                </td>
                <td>{label('store.state', o.state)}</td>
                <td>
                  <DateTime value={o.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('withdraw.records')}</h3>
      <Newest shown={u.withdrawals.list.length} total={u.withdrawals.total} />
      {u.withdrawals.list.length === 0 ? (
        none
      ) : (
        <table className="admin-table" data-testid="user-withdrawals">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin.amount')}</th>
              <th>{t('admin.state')}</th>
              <th>{t('admin.time')}</th>
              <th>{t('withdraw.txHash')}</th>
            </tr>
          </thead>
          <tbody>
            {u.withdrawals.list.map((w) => (
              <tr key={w.id}>
                <td>{w.id}</td>
                <td>
                  <Amount value={w.amount} token={asToken(w.coin)} />
                </td>
                <td>
                  {label('state', w.state)}
                  {w.rejectReason ? ` — ${w.rejectReason}` : ''}
                </td>
                <td>
                  <DateTime value={w.createdAt} />
                </td>
                <td dir="ltr">{w.txHash ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('recharge.records')}</h3>
      <Newest shown={u.recharges.list.length} total={u.recharges.total} />
      {u.recharges.list.length === 0 ? (
        none
      ) : (
        <table className="admin-table" data-testid="user-recharges">
          <thead>
            <tr>
              <th>{t('admin.amount')}</th>
              <th>{t('recharge.credited')}</th>
              <th>{t('admin.state')}</th>
              <th>{t('admin.time')}</th>
              <th>{t('withdraw.txHash')}</th>
            </tr>
          </thead>
          <tbody>
            {u.recharges.list.map((r) => (
              <tr key={r.orderId}>
                <td>
                  <Amount value={r.amount} token="USDT" />
                </td>
                <td>
                  <Amount value={r.credit} token="USDT" />
                </td>
                <td>{r.state === 'pending' ? t('recharge.awaitingPayment') : label('state', r.state)}</td>
                <td>
                  <DateTime value={r.createdAt} />
                </td>
                <td dir="ltr">{r.txHash ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

const LEDGER_PAGE = 20;

function Ledger({ address }: { address: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [page, setPage] = useState(1);
  const q = useAdminGet<UserLedger>('/api/admin/users/ledger', { address, page, size: LEDGER_PAGE });
  return (
    <Panel title={t('admin.users.ledger')} testId="user-ledger">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('admin.time')}</th>
                    <th>{t('mine.filterKind')}</th>
                    <th>{t('admin.users.accountName')}</th>
                    <th>{t('admin.amount')}</th>
                    <th>{t('admin.users.ref')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((e) => (
                    <tr key={e.id} data-entry={e.id}>
                      <td>
                        <DateTime value={e.time} />
                      </td>
                      <td>{label('kind', e.kind)}</td>
                      <td>{e.account}</td>
                      <td>
                        <Amount value={e.amount} token={asToken(e.asset)} />
                      </td>
                      <td dir="ltr">{e.ref ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
  const q = useAdminGet<{ list: UserSession[] }>('/api/admin/users/sessions', { address });
  const revoke = useAdminPost<{ address: string; session?: number }>('/api/admin/users/sessions/revoke');
  return (
    <Panel title={t('admin.users.sessions')} testId="user-sessions">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('admin.users.device')}</th>
                  <th>{t('sessions.signedInAt')}</th>
                  <th>{t('sessions.lastUsed')}</th>
                  <th>{t('sessions.expiresAt')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {d.list.map((s) => (
                  <tr key={s.id}>
                    <td dir="ltr">{s.id}</td>
                    <td dir="ltr">{s.device ?? t('sessions.unknownDevice')}</td>
                    <td>
                      <DateTime value={s.createdAt} />
                    </td>
                    <td>
                      <DateTime value={s.lastUsedAt} />
                    </td>
                    <td>
                      <DateTime value={s.expiresAt} />
                    </td>
                    <td>
                      {/* the list holds live sessions only: each can be ended */}
                      <button type="button" onClick={() => revoke.mutate({ address, session: s.id })}>
                        {t('admin.users.revoke')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <button type="button" onClick={() => revoke.mutate({ address })} disabled={revoke.isPending}>
        {t('admin.users.revokeAll')}
      </button>
      <Problem error={revoke.error} />
    </Panel>
  );
}
