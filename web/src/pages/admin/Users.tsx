// Users: look up an address — balances, team figures, orders, ledger entries, sessions (and revoke them).
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
import { Amount, DateTime } from '../../components/Amount';
import { json, Loaded, Panel, Problem } from './parts';

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

function UserView({ address }: { address: string }) {
  const { t } = useTranslation();
  const q = useAdminGet<UserLookup>('/api/admin/users/lookup', { address });
  return (
    <Loaded q={q}>
      {(u) => (
        <>
          <Panel title={t('admin.users.account')} testId="user-account">
            <table className="admin-kv">
              <tbody>
                <tr>
                  <th scope="row">{t('admin.address')}</th>
                  <td dir="ltr">{u.user.address}</td>
                </tr>
                <tr>
                  <th scope="row">{t('admin.users.inviter')}</th>
                  <td dir="ltr">{u.user.inviter ?? '—'}</td>
                </tr>
                <tr>
                  <th scope="row">{t('admin.users.ignited')}</th>
                  <td>{u.user.ignited ? t('admin.on') : t('admin.off')}</td>
                </tr>
                <tr>
                  <th scope="row">{t('admin.users.created')}</th>
                  <td>
                    <DateTime value={u.user.createdAt} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t('admin.users.lastLogin')}</th>
                  <td>
                    <DateTime value={u.user.lastLoginAt} />
                  </td>
                </tr>
                {Object.entries(u.balances).map(([token, v]) => (
                  <tr key={token}>
                    <th scope="row">{token}</th>
                    <td>{typeof v === 'string' ? <Amount value={v} /> : json(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <Panel title={t('admin.users.team')}>
            <pre className="admin-pre">{JSON.stringify(u.team, null, 2)}</pre>
          </Panel>
          <Panel title={t('admin.users.orders')}>
            <pre className="admin-pre">
              {JSON.stringify(
                { staking: u.staking, shop: u.shop, withdrawals: u.withdrawals, recharges: u.recharges },
                null,
                2,
              )}
            </pre>
          </Panel>
          <Ledger address={address} />
          <Sessions address={address} />
        </>
      )}
    </Loaded>
  );
}

function Ledger({ address }: { address: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminGet<UserLedger>('/api/admin/users/ledger', { address, page, size: 20 });
  return (
    <Panel title={t('admin.users.ledger')} testId="user-ledger">
      <Loaded q={q}>
        {(d) => (
          <>
            <pre className="admin-pre">{JSON.stringify(d.list, null, 2)}</pre>
            <div className="admin-actions">
              <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
                {t('admin.previous')}
              </button>
              <span>{page}</span>
              <button type="button" disabled={!d.hasMore} onClick={() => setPage(page + 1)}>
                {t('admin.next')}
              </button>
            </div>
          </>
        )}
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
        {(d) => (
          <table className="admin-table">
            <tbody>
              {d.list.map((s) => (
                <tr key={s.id}>
                  <td dir="ltr">{s.id}</td>
                  <td dir="ltr">{s.device}</td>
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
        )}
      </Loaded>
      <button type="button" onClick={() => revoke.mutate({ address })} disabled={revoke.isPending}>
        {t('admin.users.revokeAll')}
      </button>
      <Problem error={revoke.error} />
    </Panel>
  );
}
