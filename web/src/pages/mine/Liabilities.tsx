// Proof of liabilities (docs/proof-of-liabilities.md): what the latest published snapshot counts for
// the user, a "Verify" that recomputes the root here from the proof and compares it with the
// Liabilities contract's publication (each step shown as it passes), the totals beside the
// reserves on chain, and the proof as a JSON file to check elsewhere.
import { parseAddress } from '@free/protocol/address';
import { ErrorCode } from '@free/protocol/envelope';
import {
  publicationProblem,
  VERIFY_STEPS,
  type VerifyStep,
  verifyLiabilityProof,
} from '@free/protocol/liabilities-verify';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useConfig } from '../../api/config';
import {
  proofFile,
  proofInWei,
  readPublication,
  useLiabilities,
  useLiabilitiesProof,
} from '../../api/liabilities';
import { useRestartStalled } from '../../api/restart';
import { Amount, DateTime } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/PageSkeleton';
import { useSession } from '../../session/store';
import { TxHash } from './TxHash';
import './mine.css';

const STEPS: VerifyStep[] = [...VERIFY_STEPS, 'chain'];
type StepState = 'waiting' | 'ok' | 'failed';

function Totals() {
  const { t } = useTranslation();
  const figures = useLiabilities().data;
  if (!figures?.latest) return null;
  return (
    <section className="card" data-testid="liabilities-totals">
      <h2>{t('liabilities.totalsTitle')}</h2>
      <table className="liabilities-table">
        <thead>
          <tr>
            <th />
            <th>{t('liabilities.owed')}</th>
            <th>{t('liabilities.reserves')}</th>
            <th>{t('liabilities.coverage')}</th>
          </tr>
        </thead>
        <tbody>
          {figures.reserves.map((r) => (
            <tr key={r.token} data-testid={`liabilities-reserve-${r.token}`}>
              <th>{r.token}</th>
              <td>
                <Amount value={r.owed} token={r.token} />
              </td>
              <td>
                <Amount value={r.total} token={r.token} />
              </td>
              <td>
                <bdi dir="ltr">{r.coverage === null ? '—' : `${r.coverage}×`}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('liabilities.reservesNote')}</p>
    </section>
  );
}

export default function Liabilities() {
  const { t } = useTranslation();
  const session = useSession();
  const chainId = useConfig().data?.chain_id;
  const proof = useLiabilitiesProof();
  const restart = useRestartStalled();
  const [steps, setSteps] = useState<Record<string, StepState>>({});
  const [reason, setReason] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  if (proof.isPending) return <Loading rows={4} onRetry={restart} />;
  const notCounted = proof.error instanceof ApiError && proof.error.code === ErrorCode.NotFound;
  if (!proof.data) {
    return (
      <div className="page">
        <p className="muted">{t('liabilities.explain')}</p>
        <EmptyState text={notCounted ? t('liabilities.notCounted') : t('list.loadFailed')}>
          {!notCounted && (
            <Button size="small" onClick={() => void proof.refetch()}>
              {t('action.retry')}
            </Button>
          )}
        </EmptyState>
        <Totals />
      </div>
    );
  }
  const p = proof.data;

  const verify = async () => {
    if (!session) return;
    setRunning(true);
    setReason(null);
    setSteps({});
    const inWei = proofInWei(p);
    const local = verifyLiabilityProof(inWei, parseAddress(session.user.address));
    // show the steps one after the other, as they pass
    for (const step of VERIFY_STEPS) {
      const passed = local.steps.includes(step);
      setSteps((s) => ({ ...s, [step]: passed ? 'ok' : 'failed' }));
      if (!passed) {
        setReason(local.ok ? null : local.reason);
        setRunning(false);
        return;
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
    try {
      if (!p.contract || chainId === undefined) throw new Error(t('liabilities.notPublished'));
      const problem = publicationProblem(inWei, await readPublication(p.contract, p.id, chainId));
      setSteps((s) => ({ ...s, chain: problem ? 'failed' : 'ok' }));
      setReason(problem);
    } catch (err) {
      setSteps((s) => ({ ...s, chain: 'failed' }));
      setReason((err as Error).message);
    }
    setRunning(false);
  };

  const download = () => {
    if (!session || chainId === undefined) return;
    const blob = new Blob([proofFile(p, session.user.address, chainId)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `free-liabilities-proof-${p.id}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const allOk = STEPS.every((s) => steps[s] === 'ok');
  return (
    <div className="page" data-testid="liabilities-page">
      <p className="muted">{t('liabilities.explain')}</p>
      <section className="card" data-testid="liabilities-mine">
        <h2>{t('liabilities.countedTitle', { id: p.id })}</h2>
        <dl className="liabilities-figures">
          <dt>USDT</dt>
          <dd data-testid="liabilities-usdt">
            <Amount value={p.leaf.usdt} token="USDT" />
          </dd>
          <dt>FREE</dt>
          <dd data-testid="liabilities-free">
            <Amount value={p.leaf.free} token="FREE" />
          </dd>
          <dt>{t('liabilities.publishedAt')}</dt>
          <dd>{p.publishedAt ? <DateTime value={p.publishedAt} /> : t('liabilities.notPublished')}</dd>
          {p.txHash && (
            <>
              <dt>{t('liabilities.transaction')}</dt>
              <dd>
                <TxHash hash={p.txHash} />
              </dd>
            </>
          )}
        </dl>
        <div className="liabilities-actions">
          <Button
            color="primary"
            shape="rounded"
            loading={running}
            onClick={() => void verify()}
            data-testid="liabilities-verify"
          >
            {t('liabilities.verify')}
          </Button>
          <Button shape="rounded" fill="outline" onClick={download} data-testid="liabilities-download">
            {t('liabilities.download')}
          </Button>
        </div>
        {Object.keys(steps).length > 0 && (
          <ol className="liabilities-steps" data-testid="liabilities-steps">
            {STEPS.map((s) => (
              <li
                key={s}
                className={`is-${steps[s] ?? 'waiting'}`}
                data-testid={`liabilities-step-${s}`}
                data-state={steps[s] ?? 'waiting'}
              >
                <span aria-hidden="true">{steps[s] === 'ok' ? '✓' : steps[s] === 'failed' ? '✗' : '…'}</span>{' '}
                {t(`liabilities.step.${s}`)}
              </li>
            ))}
          </ol>
        )}
        {allOk && (
          <p className="liabilities-verdict is-ok" role="status" data-testid="liabilities-verified">
            {t('liabilities.verified')}
          </p>
        )}
        {reason && (
          <p
            className="liabilities-verdict is-failed"
            role="alert"
            data-testid="liabilities-failed"
            data-reason={reason}
          >
            {t('liabilities.failed')}
          </p>
        )}
      </section>
      <Totals />
      <p className="muted">{t('liabilities.privacy')}</p>
    </div>
  );
}
