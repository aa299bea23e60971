// Whether this user's own 30-day staking turnover unlocks the market-maker FCC bonus, and if not,
// how much more a stake of the market-maker cycle needs (the stake itself counts, docs/business-rules.md "Market-maker bonus").
import { useTranslation } from 'react-i18next';
import { useStakingLimit } from '../../api/user';
import { Amount, toWei } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';

export function bonusStanding(turnoverWei: bigint, thresholdWei: bigint) {
  const missingWei = thresholdWei > turnoverWei ? thresholdWei - turnoverWei : 0n;
  return { qualifies: missingWei === 0n, missingWei };
}

export function MarketMakerBonusStanding({ threshold, days }: { threshold: string; days: number }) {
  const { t } = useTranslation();
  const turnover = toWei(useStakingLimit().data?.marketMakerTurnover);
  const thresholdWei = toWei(threshold);
  if (turnover === null || thresholdWei === null) return null;
  const { qualifies, missingWei } = bonusStanding(turnover, thresholdWei);
  return (
    <div className="stack" data-testid="mm-bonus-standing">
      <div className="stats">
        <Stat label={t('shop.bonusTurnover')}>
          <Amount value={turnover} token="USDT" />
        </Stat>
        {!qualifies && (
          <Stat label={t('shop.bonusMissing')}>
            <Amount value={missingWei} token="USDT" />
          </Stat>
        )}
      </div>
      <p className={qualifies ? 'notice' : 'muted'} role="status">
        {qualifies ? t('shop.bonusEligible', { count: days }) : t('shop.bonusShort', { count: days })}
      </p>
    </div>
  );
}
