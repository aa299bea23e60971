// Money: fund the FOMO pool, grant allocations (one, or a CSV with a dry run), review withdrawals, the
// payments that credited no order, and the money limits (set here by finance and admin operators).

import { isAddress } from '@free/protocol/address';
import {
  ALLOCATION_KINDS,
  type AllocationKind,
  CREDIT_GRANT_KINDS,
  type MoneyLimit,
  UNMATCHED_REASONS,
} from '@free/protocol/api/admin';
import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { WITHDRAW_STATES, type WithdrawState } from '@free/protocol/api/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminWithdrawal,
  type AllocationImport,
  useAdminGet,
  useAdminPost,
  useAdminRefPost,
} from '../../api/admin';

import { Amount, DateTime } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { DataTable, Loaded, Pager, Panel, Problem, Saved, useLabel, useRefusalText } from './parts';

/** Operator amounts: the protocol's parsing and positivity, without the user-side 1–1000 U limits. */
const OPERATOR_AMOUNT: AmountRules = { kind: 'shares' };

export function Money() {
  return (
    <div className="admin-grid">
      <FundFomo />
      <GrantOne />
      <ImportCsv />
      <Withdrawals />
      <UnmatchedPayments />
      <Limits />
    </div>
  );
}

function FundFomo() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const fund = useAdminRefPost(adminRoutes.postAdminFomoFund);
  return (
    <Panel title={t('admin.money.fundFomo')} testId="fund-fomo">
      <AmountForm
        value={amount}
        onChange={setAmount}
        rules={OPERATOR_AMOUNT}
        token="FREE"
        actions={[
          {
            label: t('admin.money.fund'),
            onSubmit: (a) => fund.mutateAsync({ amount: a }),
            busy: fund.isPending,
            testId: 'fund-fomo-submit',
          },
        ]}
      />
      <Saved when={fund.isSuccess} />
      <Problem error={fund.error} />
    </Panel>
  );
}

/** The app's label of each grant kind (the income kind's name for the credited ones). */
const KIND_LABEL: Record<AllocationKind, string> = {
  airdrop: 'kind.airdrop',
  presale: 'kind.presale',
  exclusive_airdrop: 'kind.airdrop_exclusive',
  fcc_bonus: 'kind.fcc_bonus',
};
/** Credited at once (no release window), in its own token. */
const isCredit = (k: AllocationKind) => (CREDIT_GRANT_KINDS as readonly string[]).includes(k);
const tokenOf = (k: AllocationKind) => (k === 'fcc_bonus' ? 'FCC' : 'FREE');

function KindSelect({ value, onChange }: { value: AllocationKind; onChange: (k: AllocationKind) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('admin.money.kind')}
      <select value={value} onChange={(e) => onChange(e.target.value as AllocationKind)} name="kind">
        {ALLOCATION_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(KIND_LABEL[k])}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The linear release period in whole days (the server checks its range). */
function DaysInput({
  value,
  onChange,
  required = false,
}: {
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {t(required ? 'admin.money.releaseDaysRequired' : 'admin.money.releaseDays')}
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
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [kind, setKind] = useState<AllocationKind>('airdrop');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [tried, setTried] = useState(false);
  const grant = useAdminPost(adminRoutes.postAdminAllocationsGrant);
  const addressOk = isAddress(address.trim());
  return (
    <Panel title={t('admin.money.grant')} testId="grant-one">
      <label>
        {t('admin.address')}
        <input name="address" value={address} onChange={(e) => setAddress(e.target.value)} dir="ltr" />
      </label>
      {tried && !addressOk && (
        <p className="field-error" role="alert">
          {t('admin.users.badAddress')}
        </p>
      )}
      <KindSelect value={kind} onChange={setKind} />
      {!isCredit(kind) && <DaysInput value={days} onChange={setDays} required />}
      {tried && !isCredit(kind) && days === '' && (
        <p className="field-error" role="alert">
          {t('admin.money.daysMissing')}
        </p>
      )}
      <AmountForm
        value={amount}
        onChange={setAmount}
        rules={OPERATOR_AMOUNT}
        token={tokenOf(kind)}
        before={() => {
          setTried(true);
          return addressOk && (isCredit(kind) || days !== '');
        }}
        actions={[
          {
            label: t('admin.money.grantButton'),
            onSubmit: (a) =>
              grant.mutateAsync({
                address: address.trim(),
                kind,
                amount: a,
                ...(isCredit(kind) ? {} : { releaseDays: Number(days) }),
              }),
            busy: grant.isPending,
            testId: 'grant-submit',
          },
        ]}
      />
      <Saved when={grant.isSuccess} />
      <Problem error={grant.error} />
    </Panel>
  );
}

function ImportCsv() {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const [kind, setKind] = useState<AllocationKind>('airdrop');
  const [csv, setCsv] = useState('');
  const [days, setDays] = useState('');
  const [result, setResult] = useState<AllocationImport | null>(null);
  const run = useAdminPost(adminRoutes.postAdminAllocationsImport);
  // lines without their own end time are released over these days (the dry run shows each end)
  const submit = (dryRun: boolean) =>
    run.mutate(
      { kind, csv, dryRun, ...(days === '' || isCredit(kind) ? {} : { releaseDays: Number(days) }) },
      { onSuccess: (r) => setResult(r) },
    );
  return (
    <Panel title={t('admin.money.import')} testId="import-csv">
      <KindSelect
        value={kind}
        onChange={(k) => {
          setKind(k);
          setResult(null);
        }}
      />
      {!isCredit(kind) && (
        <DaysInput
          value={days}
          onChange={(v) => {
            setDays(v);
            setResult(null);
          }}
        />
      )}
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
            <Amount value={result.total} token={tokenOf(kind)} />
          </p>
          <DataTable
            rows={result.lines}
            rowKey={(l) => l.line}
            rowProps={(l) => ({ className: l.error ? 'is-danger' : undefined })}
            columns={[
              { head: t('admin.money.line'), cell: (l) => l.line },
              { head: t('admin.address'), cell: (l) => l.address, td: { dir: 'ltr' } },
              { head: t('admin.amount'), cell: (l) => <Amount value={l.amount} token="FREE" /> },
              { head: t('admin.money.unlockAt'), cell: (l) => <DateTime value={l.unlockAt} /> },
              { head: t('admin.money.endAt'), cell: (l) => <DateTime value={l.endAt} /> },
              {
                head: t('admin.result'),
                // the server's reason as a stable code, in the reader's language
                cell: (l) =>
                  (l.refusal ? refusalText(l.refusal) : l.error) ??
                  (l.granted === false
                    ? t('admin.money.alreadyGranted')
                    : l.granted
                      ? t('admin.money.granted')
                      : t('admin.money.valid')),
              },
            ]}
          />
        </div>
      )}
    </Panel>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  const label = useLabel();
  // `unresolved` is the console's word: the user side shows it as waiting for the chain
  const stateLabel = (s: WithdrawState) =>
    s === 'unresolved' ? t('admin.money.unresolved') : label('state', s);
  // the ones waiting for an operator first
  const [state, setState] = useState<WithdrawState>('review');
  const q = useAdminGet(adminRoutes.getAdminWithdrawals, { state });
  return (
    <Panel title={t('admin.money.withdrawals')} testId="withdrawals">
      <label>
        {t('admin.state')}
        <select value={state} onChange={(e) => setState(e.target.value as WithdrawState)}>
          {WITHDRAW_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(w) => w.id}
            rowProps={(w) => ({ 'data-withdrawal': w.id })}
            empty={<p className="muted">{t('list.noData')}</p>}
            columns={[
              { head: '#', cell: (w) => w.id },
              { head: t('admin.user'), cell: (w) => w.userId },
              { head: t('admin.amount'), cell: (w) => <Amount value={w.amount} token={w.asset} /> },
              { head: t('admin.money.to'), cell: (w) => w.to, td: { dir: 'ltr' } },
              {
                head: t('admin.state'),
                cell: (w) => (
                  <>
                    {stateLabel(w.state)}
                    {w.rejectReason || w.failReason ? ` — ${w.rejectReason ?? w.failReason}` : ''}
                    <WithdrawalHoldNote w={w} />
                  </>
                ),
                td: { 'data-testid': 'withdrawal-state' },
              },
              { head: t('admin.time'), cell: (w) => <DateTime value={w.createdAt} /> },
              { cell: (w) => <WithdrawalActions w={w} /> },
            ]}
          />
        )}
      </Loaded>
    </Panel>
  );
}

/** Why the withdrawal is held (waiting for funds, at the fee ceiling, paid after its refund). */
function WithdrawalHoldNote({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const h = w.hold;
  if (!h) return null;
  return (
    <p className={h.kind === 'paid_after_refund' ? 'is-danger' : 'muted'} data-testid="withdrawal-hold">
      {h.kind === 'funds' && (
        <>
          {t('admin.money.hold.funds')}{' '}
          {h.missing.map((m, i) => (
            <span key={m.asset}>
              {i > 0 ? ', ' : ''}
              <bdi dir="ltr" className="num">
                {m.amount} {m.asset}
              </bdi>
            </span>
          ))}
        </>
      )}
      {h.kind === 'fee_ceiling' &&
        t('admin.money.hold.fee_ceiling', { fee: h.maxFeeGwei, versions: h.versions })}
      {h.kind === 'paid_after_refund' && (
        <>
          {t('admin.money.hold.paid_after_refund')} <bdi dir="ltr">{h.txHash}</bdi>
        </>
      )}
    </p>
  );
}

/** What an operator can do to one withdrawal (its row's last cell). */
function WithdrawalActions({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const approve = useAdminPost(adminRoutes.postAdminWithdrawalsApprove);
  const reject = useAdminPost(adminRoutes.postAdminWithdrawalsReject);
  return (
    <>
      {/* only one in review can be approved; one in review, still queued or unresolved can be rejected */}
      {w.state === 'unresolved' && <p className="muted">{t('admin.money.unresolvedHint')}</p>}
      {(w.state === 'review' || w.state === 'queued' || w.state === 'unresolved') && (
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
    </>
  );
}

const UNMATCHED_PAGE = 20;

/** Payments on chain that credited no order: money that arrived but belongs to nobody yet. */
function UnmatchedPayments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminGet(adminRoutes.getAdminPaymentsUnmatched, { page, size: UNMATCHED_PAGE });
  const reason = (r: string) =>
    (UNMATCHED_REASONS as readonly string[]).includes(r) ? t(`admin.money.unmatchedReason.${r}`) : r;
  return (
    <Panel title={t('admin.money.unmatched')} testId="unmatched-payments">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <DataTable
                rows={d.list}
                rowKey={(p) => `${p.txHash}:${p.logIndex}`}
                rowProps={(p) => ({ 'data-unmatched': p.txHash })}
                columns={[
                  { head: t('admin.money.block'), cell: (p) => p.blockNumber },
                  { head: t('admin.money.payer'), cell: (p) => p.payer, td: { dir: 'ltr' } },
                  { head: t('admin.amount'), cell: (p) => <Amount value={p.amount} /> },
                  { head: t('admin.money.order'), cell: (p) => p.orderId, td: { dir: 'ltr' } },
                  { head: t('admin.money.unmatchedReason'), cell: (p) => reason(p.reason) },
                  { head: t('admin.time'), cell: (p) => <DateTime value={p.paidAt} /> },
                ]}
              />
              <Pager page={page} hasMore={page * UNMATCHED_PAGE < d.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

/** The money limits (withdrawals of both coins, settlement income budget): shown and set here. */
function Limits() {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminLimits);
  return (
    <Panel title={t('admin.money.limits')} testId="limits">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            head={false}
            rows={d.list}
            rowKey={(l) => l.key}
            rowProps={(l) => ({ 'data-limit': l.key })}
            columns={[
              { cell: (l) => t(`admin.limit.${l.key}`), rowHeader: true },
              {
                cell: (l) =>
                  l.value === null ? t('withdraw.noMax') : <Amount value={l.value} token={l.token} />,
                td: { 'data-testid': 'limit-value' },
              },
              { cell: (l) => <LimitEdit limit={l} />, td: { className: 'admin-limit-edit' } },
            ]}
          />
        )}
      </Loaded>
    </Panel>
  );
}

/** A new value for one limit (its row's last cell). */
function LimitEdit({ limit }: { limit: MoneyLimit }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const set = useAdminPost(adminRoutes.postAdminLimits);
  return (
    <>
      <AmountForm
        value={amount}
        onChange={setAmount}
        rules={OPERATOR_AMOUNT}
        token={limit.token}
        placeholder={t('admin.limit.newValue')}
        actions={[
          {
            label: t('admin.save'),
            onSubmit: (a) => set.mutateAsync({ key: limit.key, amount: a }),
            busy: set.isPending,
            testId: 'limit-save',
          },
        ]}
      />
      {limit.nullable && limit.value !== null && (
        <button
          type="button"
          data-testid="limit-clear"
          disabled={set.isPending}
          onClick={() => set.mutate({ key: limit.key, amount: null })}
        >
          {t('admin.limit.clear')}
        </button>
      )}
      <Saved when={set.isSuccess} />
      <Problem error={set.error} />
    </>
  );
}
