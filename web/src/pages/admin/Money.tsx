// Money: fund the FOMO pool, grant allocations (one, or a CSV with a dry run), review withdrawals, limits.
import {
  ALLOCATION_KINDS,
  type AllocationKind,
  CONSOLE_SECTIONS,
  roleAllows,
} from '@free/protocol/api/admin';
import { WITHDRAW_STATES, type WithdrawState } from '@free/protocol/api/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminWithdrawal,
  type AllocationImport,
  type UnmatchedPayments as UnmatchedPage,
  useAdminGet,
  useAdminMe,
  useAdminPost,
  useAdminRefPost,
} from '../../api/admin';
import { Amount, DateTime } from '../../components/Amount';
import { AmountInput, amountProblem } from '../../components/AmountInput';
import { json, Loaded, Panel, Problem, Saved } from './parts';

/** Operator amounts: the protocol's parsing and positivity, without the user-side 1–1000 U limits. */
const OPERATOR_AMOUNT = { kind: 'shares' } as const;

export function Money() {
  // the settings are the admin's (Product); a finance operator does not see the limits panel
  const role = useAdminMe(true).data?.role;
  const seesSettings = role !== undefined && roleAllows(role, CONSOLE_SECTIONS.product);
  return (
    <div className="admin-grid">
      <FundFomo />
      <GrantOne />
      <ImportCsv />
      <Withdrawals />
      <UnmatchedPayments />
      {seesSettings && <Limits />}
    </div>
  );
}

function FundFomo() {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const fund = useAdminRefPost<{ amount: string }>('/api/admin/fomo/fund');
  const bad = amountProblem(amount, OPERATOR_AMOUNT, i18n.language) !== null;
  return (
    <Panel title={t('admin.money.fundFomo')} testId="fund-fomo">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          fund.mutate({ amount }, { onSuccess: () => setAmount('') });
        }}
      >
        <AmountInput value={amount} onChange={setAmount} rules={OPERATOR_AMOUNT} token="FREE" />
        <button type="submit" disabled={bad || fund.isPending}>
          {t('admin.money.fund')}
        </button>
        <Saved when={fund.isSuccess} />
        <Problem error={fund.error} />
      </form>
    </Panel>
  );
}

function KindSelect({ value, onChange }: { value: AllocationKind; onChange: (k: AllocationKind) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('admin.money.kind')}
      <select value={value} onChange={(e) => onChange(e.target.value as AllocationKind)} name="kind">
        {ALLOCATION_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`admin.money.kind.${k}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The linear release period in whole days (the server checks its range). */
function DaysInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('admin.money.releaseDays')}
      <input
        name="releaseDays"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
    </label>
  );
}

function GrantOne() {
  const { t, i18n } = useTranslation();
  const [address, setAddress] = useState('');
  const [kind, setKind] = useState<AllocationKind>('airdrop');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const grant = useAdminPost<Record<string, unknown>>('/api/admin/allocations/grant');
  const bad =
    amountProblem(amount, OPERATOR_AMOUNT, i18n.language) !== null || address.trim() === '' || days === '';
  return (
    <Panel title={t('admin.money.grant')} testId="grant-one">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          grant.mutate({
            address: address.trim(),
            kind,
            amount,
            releaseDays: Number(days),
          });
        }}
      >
        <label>
          {t('admin.address')}
          <input name="address" value={address} onChange={(e) => setAddress(e.target.value)} dir="ltr" />
        </label>
        <KindSelect value={kind} onChange={setKind} />
        <AmountInput value={amount} onChange={setAmount} rules={OPERATOR_AMOUNT} token="FREE" />
        <DaysInput value={days} onChange={setDays} />
        <button type="submit" disabled={bad || grant.isPending}>
          {t('admin.money.grantButton')}
        </button>
        <Saved when={grant.isSuccess} />
        <Problem error={grant.error} />
      </form>
    </Panel>
  );
}

function ImportCsv() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AllocationKind>('airdrop');
  const [csv, setCsv] = useState('');
  const [days, setDays] = useState('');
  const [result, setResult] = useState<AllocationImport | null>(null);
  const run = useAdminPost<Record<string, unknown>, AllocationImport>('/api/admin/allocations/import');
  const submit = (dryRun: boolean) => run.mutate({ kind, csv, dryRun }, { onSuccess: (r) => setResult(r) });
  return (
    <Panel title={t('admin.money.import')} testId="import-csv">
      <KindSelect value={kind} onChange={setKind} />
      <DaysInput
        value={days}
        onChange={(v) => {
          setDays(v);
          setResult(null);
        }}
      />
      <label>
        {t('admin.money.csv')}
        <textarea
          name="csv"
          rows={6}
          dir="ltr"
          value={csv}
          placeholder="address,amount[,unlockAt[,endAt]]"
          onChange={(e) => {
            setCsv(e.target.value);
            setResult(null);
          }}
        />
      </label>
      <div className="admin-actions">
        <button type="button" disabled={csv.trim() === '' || run.isPending} onClick={() => submit(true)}>
          {t('admin.money.dryRun')}
        </button>
        <button
          type="button"
          disabled={!result?.dryRun || result.valid === 0 || run.isPending}
          onClick={() => submit(false)}
          data-testid="import-run"
        >
          {t('admin.money.importRun')}
        </button>
      </div>
      <Problem error={run.error} />
      {result && (
        <div data-testid="import-result">
          <p>
            {t(result.dryRun ? 'admin.money.dryRunTotals' : 'admin.money.importTotals', {
              valid: result.valid,
              invalid: result.invalid,
            })}{' '}
            <Amount value={result.total} token="FREE" />
          </p>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('admin.money.line')}</th>
                <th>{t('admin.address')}</th>
                <th>{t('admin.amount')}</th>
                <th>{t('admin.money.unlockAt')}</th>
                <th>{t('admin.money.endAt')}</th>
                <th>{t('admin.result')}</th>
              </tr>
            </thead>
            <tbody>
              {result.lines.map((l) => (
                <tr key={l.line} className={l.error ? 'is-danger' : undefined}>
                  <td>{l.line}</td>
                  <td dir="ltr">{l.address}</td>
                  <td>
                    <Amount value={l.amount} />
                  </td>
                  <td>
                    <DateTime value={l.unlockAt} />
                  </td>
                  <td>
                    <DateTime value={l.endAt} />
                  </td>
                  <td>
                    {l.error ??
                      (l.granted === false
                        ? t('admin.money.alreadyGranted')
                        : l.granted
                          ? t('admin.money.granted')
                          : t('admin.money.valid'))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  // the ones waiting for an operator first
  const [state, setState] = useState<WithdrawState>('review');
  const q = useAdminGet<{ list: AdminWithdrawal[] }>('/api/admin/withdrawals', { state });
  return (
    <Panel title={t('admin.money.withdrawals')} testId="withdrawals">
      <label>
        {t('admin.state')}
        <select value={state} onChange={(e) => setState(e.target.value as WithdrawState)}>
          {WITHDRAW_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('admin.user')}</th>
                  <th>{t('admin.amount')}</th>
                  <th>{t('admin.money.to')}</th>
                  <th>{t('admin.state')}</th>
                  <th>{t('admin.time')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {d.list.map((w) => (
                  <WithdrawalRow key={w.id} w={w} />
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Panel>
  );
}

function WithdrawalRow({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const approve = useAdminPost<{ id: number }>('/api/admin/withdrawals/approve');
  const reject = useAdminPost<{ id: number; reason: string }>('/api/admin/withdrawals/reject');
  return (
    <tr data-withdrawal={w.id}>
      <td>{w.id}</td>
      <td>{w.userId}</td>
      <td>
        <Amount value={w.amount} token={w.asset} />
      </td>
      <td dir="ltr">{w.to}</td>
      <td>
        {w.state}
        {w.rejectReason || w.failReason ? ` — ${w.rejectReason ?? w.failReason}` : ''}
      </td>
      <td>
        <DateTime value={w.createdAt} />
      </td>
      <td>
        {/* only one in review can be approved; one in review or still queued can be rejected */}
        {(w.state === 'review' || w.state === 'queued') && (
          <div className="admin-actions">
            {w.state === 'review' && (
              <button type="button" disabled={approve.isPending} onClick={() => approve.mutate({ id: w.id })}>
                {t('admin.money.approve')}
              </button>
            )}
            <input
              aria-label={t('admin.money.reason')}
              placeholder={t('admin.money.reason')}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
            <button
              type="button"
              disabled={reason.trim() === '' || reject.isPending}
              onClick={() => reject.mutate({ id: w.id, reason: reason.trim() })}
            >
              {t('admin.money.reject')}
            </button>
          </div>
        )}
        <Saved when={approve.isSuccess} />
        <Problem error={approve.error ?? reject.error} />
      </td>
    </tr>
  );
}

const UNMATCHED_PAGE = 20;

/** Payments on chain that credited no order: money that arrived but belongs to nobody yet. */
function UnmatchedPayments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminGet<UnmatchedPage>('/api/admin/payments/unmatched', { page, size: UNMATCHED_PAGE });
  return (
    <Panel title={t('admin.money.unmatched')} testId="unmatched-payments">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('admin.money.block')}</th>
                    <th>{t('admin.money.payer')}</th>
                    <th>{t('admin.amount')}</th>
                    <th>{t('admin.money.order')}</th>
                    <th>{t('admin.money.unmatchedReason')}</th>
                    <th>{t('admin.time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((p) => (
                    <tr key={`${p.txHash}:${p.logIndex}`} data-unmatched={p.txHash}>
                      <td>{p.blockNumber}</td>
                      <td dir="ltr">{p.payer}</td>
                      <td>
                        <Amount value={p.amount} />
                      </td>
                      <td dir="ltr">{p.orderId}</td>
                      <td>{p.reason}</td>
                      <td>
                        <DateTime value={p.paidAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="admin-actions">
                <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  {t('admin.previous')}
                </button>
                <span>{page}</span>
                <button
                  type="button"
                  disabled={page * UNMATCHED_PAGE >= d.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('admin.next')}
                </button>
              </div>
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** A `…_wei` setting read as an amount (the stored figure is wei, an integer string or number). */
function weiSetting(key: string, value: unknown) {
  if (!key.endsWith('_wei') || !/^\d+$/.test(String(value))) return null;
  return <Amount value={BigInt(String(value))} />;
}

/** The money limits live in the settings; shown here, changed under Product → settings. */
function Limits() {
  const { t } = useTranslation();
  const q = useAdminGet<{ values: Record<string, unknown> }>('/api/admin/config');
  return (
    <Panel title={t('admin.money.limits')} testId="limits">
      <Loaded q={q}>
        {(d) => (
          <table className="admin-kv">
            <tbody>
              {Object.entries(d.values)
                .filter(([k]) => /limit|min|max|floor|cap/i.test(k))
                .map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td dir="ltr">{weiSetting(k, v) ?? json(v)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Panel>
  );
}
