// The market-maker bonus card tells this user whether their own 30-day turnover qualifies.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '../../api/keys';
import type { StakingLimitData } from '../../api/user';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render } from '../../test-utils';
import { bonusStanding, MarketMakerBonusStanding } from './MarketMakerBonus';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set({ token: 'tok', user: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } });
});
afterEach(() => {
  cleanup();
  session.clear();
});

function card(turnover: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  qc.setQueryData(keys.user.stakingLimit(), { marketMakerTurnover: turnover } as StakingLimitData);
  return render(
    <QueryClientProvider client={qc}>
      <MarketMakerBonusStanding threshold="3000" days={30} />
    </QueryClientProvider>,
  ).container;
}

describe('market-maker bonus standing', () => {
  it('qualifies from the threshold on, and says how much is missing below it', () => {
    expect(bonusStanding(3000n * U, 3000n * U)).toEqual({ qualifies: true, missingWei: 0n });
    expect(bonusStanding(5000n * U, 3000n * U).qualifies).toBe(true);
    expect(bonusStanding(1200n * U, 3000n * U)).toEqual({ qualifies: false, missingWei: 1800n * U });
  });

  it('shows a user below the threshold their turnover and what is still needed', () => {
    const el = card('1200');
    expect(el.textContent).toContain('1,200 USDT');
    expect(el.textContent).toContain('Still needed for the bonus');
    expect(el.textContent).toContain('1,800 USDT');
    expect(el.querySelector('[role="status"]')?.textContent).toMatch(/^Not yet/);
  });

  it('tells a user at the threshold that their stakes earn the bonus', () => {
    const el = card('3000');
    expect(el.textContent).not.toContain('Still needed');
    expect(el.querySelector('[role="status"]')?.textContent).toMatch(/^You qualify/);
  });
});
