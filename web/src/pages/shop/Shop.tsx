// Market Maker tab: the stake product (cycle, amount, preview, on-chain stake or stake with the
// balance), the contract's reserve versus its obligations, the market-maker bonus rule, and entries
// to orders, redemptions and FCC records.
import type { stakingAbi as StakingAbiValue } from '@free/protocol/abi/generated/staking';
import {
  formatAmount,
  isAmountError,
  MAX_AMOUNT_WEI,
  MIN_AMOUNT_WEI,
  parseAmount,
  type Wei,
} from '@free/protocol/amount';
import { Button, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { useModuleOpen } from '../../api/modules';
import {
  fetchStakeRef,
  quoteFee,
  useFeeQuote,
  useOnStakeMined,
  useStakeWithBalance,
  useStakingState,
  useWalletStakeInfo,
} from '../../api/staking';
import { useMe, useStakingLimit } from '../../api/user';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import { type AmountRules, amountProblem } from '../../components/AmountInput';
import { AmountRange } from '../../components/AmountRange';
import { LinkRows, Stat } from '../../components/LinkRows';
import { type ContractCall, TxButton } from '../../components/TxButton';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { useWallet } from '../../wallet/state';
import { MarketMakerBonusStanding } from './MarketMakerBonus';
import { type CycleTerms, minOutOf, reserveCovers, SLIPPAGE_BPS, stakeCall, stakePreview } from './stake';
import './shop.css';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
type Source = 'chain' | 'balance';
type StakingAbi = typeof StakingAbiValue;

export default function Shop() {
  const { t, i18n } = useTranslation();
  const config = useConfig().data;
  const chain = useStakingState();
  const signed = useSession();
  const me = useMe();
  const w = useWallet();
  const account = w.status === 'connected' ? w.address : undefined;
  const walletInfo = useWalletStakeInfo(signed ? account : undefined);

  const [cycleIndex, setCycleIndex] = useState(2);
  const [amount, setAmount] = useState('');
  const [source, setSource] = useState<Source>('chain');
  const [autoRenew, setAutoRenew] = useState(false);

  const stakingState = useModuleOpen('staking');
  const balanceState = useModuleOpen('staking_use_balance');
  const stakingOpen = stakingState === 'open';
  const balanceOpen = balanceState === 'open';
  const percent = (v: number, digits = 2) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: digits }).format(v);

  // The contract's current terms win over the config's copy of them (new stakes get the contract's).
  const cycles: CycleTerms[] =
    chain.data?.cycles ??
    (config?.cycles ?? []).map((c) => ({
      index: c.index,
      days: c.days,
      ratePpm: c.rate_ppm,
      feeBps: c.fee_bps,
    }));
  const cycle = cycles.find((c) => c.index === cycleIndex) ?? cycles.at(-1);

  // the configured investment bounds (minimum in FREE valued in USDT, maximum) from the server,
  // narrowed by the contract's maximum; a visitor who is not signed in sees the fixed 1–1000 U
  const limits = useStakingLimit().data;
  const minWei = toWei(limits?.minStake) ?? MIN_AMOUNT_WEI;
  const configMax = toWei(limits?.maxStake) ?? MAX_AMOUNT_WEI;
  const maxWei =
    chain.data && chain.data.maxStakeAmount > 0n && chain.data.maxStakeAmount < configMax
      ? chain.data.maxStakeAmount
      : configMax;
  const offChainUsdt = toWei(me.data?.balances.wallet.USDT) ?? undefined;
  const balance: Wei | undefined = !signed
    ? undefined
    : source === 'chain'
      ? walletInfo.data?.usdt
      : (offChainUsdt ?? undefined);
  const rules: AmountRules = { kind: 'invest', min: minWei, max: maxWei, balance };
  const problem = amountProblem(amount, rules, i18n.language);
  const parsed = parseAmount(amount);
  const amountWei = isAmountError(parsed) ? null : parsed;
  const preview =
    cycle && amountWei !== null && amountWei > 0n ? stakePreview(amountWei, cycle, new Date()) : null;
  const quote = useFeeQuote(source === 'chain' && preview ? preview.fee : null);
  const covered = preview && chain.data ? reserveCovers(preview, chain.data.availableReserve) : true;
  // what besides a valid amount a stake needs: the module, a cycle, a reserve that covers it
  const ready = stakingOpen && preview !== null && covered;

  const done = () => {
    showToast(t('shop.purchaseSuccess'), 'success');
    setAmount('');
  };
  const stakeMined = useOnStakeMined();
  const onChainDone = () => {
    stakeMined();
    done();
  };

  const buyWithBalance = useStakeWithBalance(done);

  const contracts = config?.contracts ?? null;
  const prepareStake = async (): Promise<ContractCall<StakingAbi, 'stake' | 'stakeWithInviter'>> => {
    if (!contracts || !config || !cycle || amountWei === null || !preview) throw new Error(t('tx.failed'));
    // A fresh quote at the moment of sending; the bound the user saw is the same rule on it.
    const [quote, { stakingAbi }] = await Promise.all([
      quoteFee(config.chain_id, contracts, preview.fee),
      import('@free/protocol/abi/generated/staking'),
    ]);
    const minOut = minOutOf(quote);
    const inviter = (me.data?.inviter ?? signed?.user.inviter ?? null) as string | null;
    const boundOnChain = walletInfo.data ? walletInfo.data.inviterOnChain !== ZERO_ADDRESS : false;
    if (inviter && !boundOnChain) {
      const ref = await fetchStakeRef();
      if (ref.parents.length > 0)
        return {
          address: contracts.staking,
          abi: stakingAbi,
          ...stakeCall(amountWei, minOut, cycle, {
            parents: ref.parents,
            message: ref.message,
            signature: ref.signature,
          }),
        };
    }
    // the fee and rate shown on this page bound what the contract may apply
    return {
      address: contracts.staking,
      abi: stakingAbi,
      ...stakeCall(amountWei, minOut, cycle),
    };
  };

  /** The submit when it is not the balance purchase: sign in, a notice, or the on-chain stake. */
  const stakeSubmit = (showPrompt: () => void) =>
    !signed ? (
      <Button block color="primary" shape="rounded" size="large" onClick={() => requestSignIn()}>
        {t('shop.signInToStake')}
      </Button>
    ) : source === 'balance' ? (
      balanceState === 'closed' && (
        <p className="notice" role="status">
          {t('shop.balanceNotOpen')}
        </p>
      )
    ) : contracts ? (
      <div onClickCapture={showPrompt}>
        <TxButton
          id="shop:stake"
          disabled={!ready || problem !== null}
          reasons={{ StakeTermsChanged: t('shop.termsChanged') }}
          approve={
            amountWei !== null
              ? {
                  token: contracts.usdt,
                  spender: contracts.staking,
                  amount: amountWei,
                }
              : undefined
          }
          prepare={prepareStake}
          onConfirmed={onChainDone}
        >
          {t('shop.stakeNow')}
        </TxButton>
      </div>
    ) : (
      <p className="notice" role="status">
        {t('module.notOpen')}
      </p>
    );

  const mm = config?.market_maker;
  // The market-maker cycle is the 30-day one (index 2, server team rules).
  const mmDays = cycles.find((c) => c.index === 2)?.days ?? 30;
  return (
    <div className="page">
      <section className="hero">
        <h2>{t('shop.title')}</h2>
        <p>{t('shop.subtitle')}</p>
      </section>

      {stakingState === 'closed' && (
        <p className="notice" role="status">
          {t('module.notOpen')}
        </p>
      )}

      <section className="card">
        <h2>{t('shop.chooseCycle')}</h2>
        <nav className="cycle-grid" aria-label={t('shop.chooseCycle')}>
          {cycles.map((c) => (
            <button
              key={c.index}
              type="button"
              aria-pressed={c.index === cycle?.index}
              className={`cycle-option${c.index === cycle?.index ? ' is-active' : ''}`}
              onClick={() => setCycleIndex(c.index)}
            >
              <span className="cycle-days">{t('shop.cycleDays', { count: c.days })}</span>
              <span className="cycle-rate">
                <bdi dir="ltr">{percent(c.ratePpm / 1_000_000)}</bdi>
                <span className="muted"> {t('shop.perDay')}</span>
              </span>
              <span className="muted cycle-fee">
                {t('shop.fee')} <bdi dir="ltr">{percent(c.feeBps / 10_000)}</bdi>
              </span>
            </button>
          ))}
        </nav>

        {signed && (
          <nav className="source-row" aria-label={t('shop.payWith')}>
            {(['chain', 'balance'] as const).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={source === s}
                className={`chip${source === s ? ' is-active' : ''}`}
                onClick={() => {
                  setSource(s);
                  // the off-chain balance may have moved since the profile was loaded
                  if (s === 'balance') void me.refetch();
                }}
              >
                {s === 'chain' ? t('shop.payWallet') : t('shop.payBalance')}
              </button>
            ))}
          </nav>
        )}

        <AmountForm
          value={amount}
          onChange={setAmount}
          rules={rules}
          placeholder={t('shop.amountPlaceholder')}
          ready={ready}
          actions={[
            {
              label: t('shop.stakeNow'),
              busy: buyWithBalance.isPending,
              disabled: !stakingOpen,
              onSubmit: (value) =>
                buyWithBalance.mutateAsync({
                  amount: value,
                  stakeIndex: cycle?.index ?? cycleIndex,
                  autoRenew,
                }),
            },
          ]}
          submit={signed && source === 'balance' && balanceOpen ? undefined : stakeSubmit}
        >
          <p className="muted small">
            {t('shop.limits')} <AmountRange min={minWei} max={maxWei} token="USDT" />
            {limits && (
              <span data-testid="min-investment">
                {' · '}
                {t('shop.minInvestment')} <Amount value={limits.minInvestmentFree} token="FREE" />
              </span>
            )}
            {signed && balance !== undefined && (
              <>
                {' · '}
                {source === 'chain' ? t('shop.walletUsdt') : t('shop.balanceUsdt')}{' '}
                <Amount value={balance} token="USDT" />
              </>
            )}
          </p>

          {preview && cycle && (
            <div className="stats preview" aria-live="polite">
              <Stat label={t('shop.feeBurned')}>
                <Amount value={preview.fee} token="USDT" />
              </Stat>
              {source === 'chain' && (
                <Stat label={t('shop.freeBurned')}>
                  {quote.data !== undefined ? (
                    <>
                      <Amount value={quote.data} token="FREE" />
                      <span className="muted small block">
                        {t('shop.minFree', { slippage: percent(SLIPPAGE_BPS / 10_000) })}{' '}
                        <Amount value={minOutOf(quote.data)} token="FREE" />
                      </span>
                    </>
                  ) : (
                    '—'
                  )}
                </Stat>
              )}
              <Stat label={t('shop.principal')}>
                <Amount value={preview.principal} token="USDT" />
              </Stat>
              <Stat label={t('shop.maxInterest')}>
                <Amount value={preview.maxInterest} token="USDT" />
              </Stat>
              <Stat label={t('shop.payout')}>
                <Amount value={preview.payout} token="USDT" />
              </Stat>
              <Stat label={t('shop.maturity')}>
                <DateTime value={preview.maturity} />
              </Stat>
            </div>
          )}
          {preview && !covered && (
            <p className="notice danger" role="alert">
              {t('shop.reserveShort')}
            </p>
          )}

          {source === 'balance' && signed && (
            <div className="switch-row">
              <span>{t('shop.autoRenew')}</span>
              <Switch checked={autoRenew} onChange={setAutoRenew} aria-label={t('shop.autoRenew')} />
            </div>
          )}
        </AmountForm>
      </section>

      <section className="card">
        <h2>{t('shop.reserveTitle')}</h2>
        <p className="muted small">{t('shop.reserveExplain')}</p>
        <div className="stats">
          <Stat label={t('shop.reserve')}>
            <Amount value={chain.data?.reserve} token="USDT" />
          </Stat>
          <Stat label={t('shop.committed')}>
            <Amount value={chain.data?.committed} token="USDT" />
          </Stat>
          <Stat label={t('shop.availableReserve')}>
            <Amount value={chain.data?.availableReserve} token="USDT" />
          </Stat>
          <Stat label={t('shop.openPrincipal')}>
            <Amount value={chain.data?.openPrincipal} token="USDT" />
          </Stat>
        </div>
        {chain.isError && (
          <p className="notice danger" role="alert">
            {t('shop.chainUnreachable')}{' '}
            <Button size="mini" fill="outline" onClick={() => void chain.refetch()}>
              {t('action.retry')}
            </Button>
          </p>
        )}
      </section>

      {mm && (
        <section className="card">
          <h2>{t('shop.bonusTitle')}</h2>
          <p>
            {t('shop.bonusRule', {
              turnover: formatAmount(toWei(mm.turnover_usdt) ?? 0n, {
                locale: i18n.language,
                maxFraction: 2,
              }),
              share: percent(mm.principal_share_bps / 10_000),
              multiplier: mm.fcc_multiplier,
              count: mmDays,
            })}
          </p>
          {me.data && (
            <p className={me.data.level.marketMaker ? 'notice' : 'muted'} role="status">
              {me.data.level.marketMaker
                ? t('shop.bonusQualified', { count: mmDays })
                : t('shop.bonusNotQualified', { count: mmDays })}
            </p>
          )}
          {signed && <MarketMakerBonusStanding threshold={mm.turnover_usdt} days={mmDays} />}
        </section>
      )}

      <LinkRows
        rows={[
          { to: '/pages/shop/order', labelKey: 'page.stakeOrders' },
          { to: '/pages/shop/redemption', labelKey: 'page.redemption' },
          { to: '/pages/shop/fccRecord', labelKey: 'page.fccRecord' },
        ]}
      />
    </div>
  );
}
