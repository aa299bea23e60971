import type { StakeOrder } from '@free/protocol/api/index';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n';
import ja from '../../i18n/locales/ja.json';
import { cleanup, render } from '../../test-utils';
import { RedemptionCard } from './Redemption';

function order(patch: Partial<StakeOrder>): StakeOrder {
  return {
    id: 'B00000007',
    number: 'B00000007',
    source: 'balance',
    cycle: 0,
    cycleDays: 7,
    ratePpm: 6000,
    amount: '100',
    fee: '0',
    principal: '100',
    reward: '4.2',
    currentProfit: '4.2',
    totalRevenue: '0',
    bonusFcc: '0',
    autoRenew: false,
    round: 1,
    status: 'redeemed',
    redeemable: false,
    progress: 100,
    pledgeTime: '2026-01-01T00:00:00.000Z',
    dueTime: '2026-01-08T00:00:00.000Z',
    redeemedAt: '2026-01-08T00:00:00.000Z',
    redeemedAmount: '100',
    interestHeld: '0',
    chainIndex: null,
    ...patch,
  };
}

const held = () => document.querySelector('[data-testid="interest-held"]');
const statValue = (label: string) =>
  [...document.querySelectorAll('.stat')]
    .find((s) => s.querySelector('.stat-label')?.textContent === label)
    ?.querySelector('.stat-value')?.textContent;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
afterAll(async () => {
  await setLanguage('en', false);
});

describe('RedemptionCard', () => {
  it('shows interest held by the daily income budget, and that a later day pays it', () => {
    render(<RedemptionCard order={order({ interestHeld: '4.2' })} />);
    expect(statValue('Interest held')).toBe('4.2 USDT');
    expect(statValue('Redeemed amount')).toBe('100 USDT');
    expect(held()?.textContent).toBe(
      "Today's income budget is used up: this interest is held and paid to your balance on a later day.",
    );
  });

  it('says nothing of held interest once it is paid (or none was held)', () => {
    render(<RedemptionCard order={order({ interestHeld: '0', redeemedAmount: '104.2' })} />);
    expect(held()).toBeNull();
    expect(statValue('Interest held')).toBeUndefined();
  });

  it('says it in the reader’s language', async () => {
    await setLanguage('ja', false);
    render(<RedemptionCard order={order({ interestHeld: '4.2' })} />);
    expect(held()?.textContent).toBe(ja['shop.interestHeldHint']);
    expect(statValue(ja['shop.interestHeld'])).toContain('4.2');
  });
});
