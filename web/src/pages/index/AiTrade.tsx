// AI trading: one-minute prediction rounds. The current round (issue, countdown, pots, opening
// price, the averaging and tie rule), betting up/down from the USDT balance, the price line of past rounds, my bets, history.
import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useModuleOpen } from '../../api/modules';
import { useCurrentRound, usePlaceBet, useRoundChart } from '../../api/rounds';
import { useMe } from '../../api/user';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { Countdown } from '../../components/Countdown';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { RecordList, type RecordRow } from '../../components/RecordList';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { ModuleArticle, ModuleState } from './ModuleIntro';
import './index.css';

const PriceChart = lazy(() => import('./PriceChart'));

function stateText(t: (k: string) => string, exists: (k: string) => boolean, value: unknown) {
  const k = `state.${String(value ?? '')}`;
  return exists(k) ? t(k) : t('state.unknown');
}

function RoundRow({ row }: { row: RecordRow }) {
  const { t, i18n } = useTranslation();
  const result = typeof row.result === 'string' ? row.result : null;
  return (
    <div className="record">
      <div className="record-main">
        <span className="record-kind">
          {t('aiTrade.issue')} <bdi dir="ltr">{String(row.issue ?? '')}</bdi>
        </span>
        <span>{stateText(t, i18n.exists, row.state)}</span>
      </div>
      <div className="record-sub muted">
        <span>
          {t('aiTrade.openPrice')} <Amount value={row.openPrice as string} maxFraction={6} />
        </span>
        <span>
          {t('aiTrade.closePrice')} <Amount value={row.closePrice as string | null} maxFraction={6} />
        </span>
      </div>
      <div className="record-sub muted">
        <DateTime value={row.startsAt as string} />
        {result && (
          <span className={result === 'up' ? 'up' : result === 'down' ? 'down' : undefined}>
            {i18n.exists(`aiTrade.result.${result}`) ? t(`aiTrade.result.${result}`) : t('state.unknown')}
          </span>
        )}
      </div>
    </div>
  );
}

function BetRow({ row }: { row: RecordRow }) {
  const { t, i18n } = useTranslation();
  const side = row.side === 'up' ? 'up' : 'down';
  return (
    <div className="record">
      <div className="record-main">
        <span className="record-kind">
          <span className={side}>{t(`aiTrade.${side}`)}</span> <bdi dir="ltr">{String(row.issue ?? '')}</bdi>
        </span>
        <Amount value={row.amount} token="USDT" />
      </div>
      <div className="record-sub muted">
        <DateTime value={row.createdAt} />
        <span>
          {stateText(t, i18n.exists, row.state)}
          {row.state === 'won' && (
            <>
              {' '}
              <Amount value={row.payout as string} token="USDT" />
            </>
          )}
        </span>
      </div>
    </div>
  );
}

/**
 * How the round's prices are made (the closing price is the average over the window after bets
 * close) and the tie band, as a percentage in the user's language.
 */
export function RoundPriceRule({ tieBps, windowMs }: { tieBps: number; windowMs: number }) {
  const { t, i18n } = useTranslation();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  // a number: it picks the language's plural form (1 second, 3 секунды, 10 ثوانٍ)
  const seconds = Math.round(windowMs / 1000);
  return (
    <p className="muted">{t('aiTrade.priceRule', { band: pct.format(tieBps / 10_000), count: seconds })}</p>
  );
}

/**
 * The round's clock: until bets close, the time left to bet; then the time until the result (the
 * deciding window), so the page never offers a bet the server would refuse as closed.
 */
export function RoundClock({
  betsCloseAt,
  endsAt,
  now = Date.now,
}: {
  betsCloseAt: string;
  endsAt: string;
  now?: () => number;
}) {
  const { t } = useTranslation();
  const closeMs = Date.parse(betsCloseAt);
  const [betting, setBetting] = useState(() => now() < closeMs);
  useEffect(() => {
    setBetting(now() < closeMs);
    const left = closeMs - now();
    if (left <= 0) return;
    const id = setTimeout(() => setBetting(false), left);
    return () => clearTimeout(id);
  }, [closeMs, now]);
  return (
    <span className="round-clock">
      {t(betting ? 'aiTrade.betsCloseIn' : 'aiTrade.deciding')}{' '}
      <Countdown end={betting ? betsCloseAt : endsAt} format="ms" now={now} />
    </span>
  );
}

function Chart() {
  const { t, i18n } = useTranslation();
  const rounds = useRoundChart().data ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const points = rounds
    .map((r) => ({ label: time.format(new Date(r.startsAt)), price: Number(r.closePrice ?? r.openPrice) }))
    .filter((p) => Number.isFinite(p.price));
  return (
    <section className="card">
      <h2>{t('aiTrade.chart')}</h2>
      {points.length < 2 ? (
        <EmptyState text={t('list.noData')} />
      ) : (
        <Suspense fallback={<div className="chart-box skeleton" />}>
          <PriceChart points={points} />
        </Suspense>
      )}
    </section>
  );
}

export default function AiTrade() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const open = useModuleOpen('ai_trade');
  const round = useCurrentRound();
  const me = useMe();
  const [amount, setAmount] = useState('');
  const [tab, setTab] = useState<'bets' | 'history'>('bets');
  const r = round.data;
  const rules: AmountRules = { kind: 'invest', balance: toWei(me.data?.balances.wallet.USDT) ?? undefined };
  const bet = usePlaceBet(() => showToast(t('aiTrade.betPlaced'), 'success'));
  const betOn = (side: 'up' | 'down') => ({
    label: t(side === 'up' ? 'aiTrade.betUp' : 'aiTrade.betDown'),
    className: side === 'up' ? 'bet-up' : 'bet-down',
    busy: bet.isPending && bet.variables?.side === side,
    onSubmit: (value: string) => bet.mutateAsync({ side, amount: value }),
  });
  return (
    <div className="page">
      <p className="notice">{t('aiTrade.explain')}</p>
      <ModuleState module="ai_trade" />
      <section className="card stack">
        {r ? (
          <>
            <div className="row-between">
              <span>
                {t('aiTrade.issue')} <bdi dir="ltr">{r.issue}</bdi>
              </span>
              <RoundClock betsCloseAt={r.betsCloseAt} endsAt={r.endsAt} />
            </div>
            <div className="stats">
              <Stat label={t('aiTrade.openPrice')}>
                <Amount value={r.openPrice} maxFraction={6} />
              </Stat>
              <Stat label={t('mine.walletBalance')}>
                <Amount value={me.data?.balances.wallet.USDT} token="USDT" />
              </Stat>
              <Stat label={t('aiTrade.totalUp')}>
                <span className="up">
                  <Amount value={r.totalUp} token="USDT" />
                </span>
              </Stat>
              <Stat label={t('aiTrade.totalDown')}>
                <span className="down">
                  <Amount value={r.totalDown} token="USDT" />
                </span>
              </Stat>
            </div>
            <RoundPriceRule tieBps={r.tieBps} windowMs={Date.parse(r.endsAt) - Date.parse(r.betsCloseAt)} />
          </>
        ) : (
          !round.isPending && <EmptyState text={t('aiTrade.noRound')} />
        )}
        {r && open === 'open' && (
          <AmountForm
            value={amount}
            onChange={setAmount}
            rules={rules}
            before={() => {
              if (!signedIn) requestSignIn();
              return signedIn;
            }}
            actions={[betOn('up'), betOn('down')]}
            actionsClassName="bet-buttons"
          />
        )}
      </section>
      <Chart />
      <nav className="chips" aria-label={t('page.aiTrade')}>
        <button
          type="button"
          className={`chip${tab === 'bets' ? ' is-active' : ''}`}
          onClick={() => setTab('bets')}
        >
          {t('aiTrade.myBets')}
        </button>
        <button
          type="button"
          className={`chip${tab === 'history' ? ' is-active' : ''}`}
          onClick={() => setTab('history')}
        >
          {t('aiTrade.history')}
        </button>
      </nav>
      {tab === 'bets' ? (
        signedIn ? (
          <RecordList route={routes.getUserRoundBets} renderItem={(row) => <BetRow row={row} />} />
        ) : (
          <Button color="primary" shape="rounded" block onClick={requestSignIn}>
            {t('auth.signIn')}
          </Button>
        )
      ) : (
        <RecordList route={routes.getCommonRoundHistory} renderItem={(row) => <RoundRow row={row} />} />
      )}
      <h2 className="section-title">{t('aiTrade.introTitle')}</h2>
      <ModuleArticle type="ai_trade" />
    </div>
  );
}
