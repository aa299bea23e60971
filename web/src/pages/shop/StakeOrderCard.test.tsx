import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import type { StakeOrder } from '@free/protocol/api/index';
import { DAY_MS } from '@free/protocol/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../api/keys';
import { initI18n } from '../../i18n';
import { cleanup, render } from '../../test-utils';
import { StakeOrderCard, unstakeArgs } from './StakeOrderCard';

const PLEDGE = '2026-01-01T00:00:00.000Z';
const STAKING = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

function order(patch: Partial<StakeOrder>): StakeOrder {
  return {
    id: 'C00000001',
    number: 'C00000001',
    source: 'chain',
    cycle: 0,
    cycleDays: 7,
    ratePpm: 6000,
    amount: '100',
    fee: '2',
    principal: '98',
    reward: '4.1',
    currentProfit: '4.1',
    totalRevenue: '0',
    bonusFcc: '0',
    autoRenew: false,
    round: 1,
    status: 'matured',
    redeemable: false,
    progress: 100,
    pledgeTime: PLEDGE,
    dueTime: '2026-01-08T00:00:00.000Z',
    redeemedAt: null,
    redeemedAmount: null,
    interestHeld: '0',
    chainIndex: 3,
    ...patch,
  };
}

const record = (patch: Partial<{ redeemed: boolean; amount: bigint }> = {}) => ({
  index: 3,
  stakeTime: BigInt(Date.parse(PLEDGE) / 1000),
  amount: 98n * U,
  redeemed: false,
  stakeIndex: 0,
  ...patch,
});

function show(o: StakeOrder, records?: ReturnType<typeof record>[]) {
  const qc = new QueryClient();
  qc.setQueryData(keys.config(), { chain_id: 31337, contracts: { staking: STAKING, usdt: STAKING } });
  render(
    <QueryClientProvider client={qc}>
      <StakeOrderCard order={o} chainRecords={records} />
    </QueryClientProvider>,
  );
}
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.trim());

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('StakeOrderCard', () => {
  it('says when the order was placed, what was paid and the fee taken from it', () => {
    show(order({ amount: '250.5', fee: '5.01', principal: '245.49' }), [record()]);
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text('order-date')).toBe('Jan 1, 2026');
    expect(text('order-amount')).toBe('250.5 USDT');
    expect(text('order-fee')).toBe('5.01 USDT');
    expect(document.body.textContent).toContain('Amount paid');
    expect(document.body.textContent).toContain('Order date');
  });

  it('offers Unstake on a matured on-chain order found in the contract', () => {
    show(order({}), [record()]);
    expect(buttons()).toEqual(['Unstake']);
    expect(document.body.textContent).toContain('Matured');
  });

  it('offers nothing for an on-chain order whose contract record is already redeemed', () => {
    show(order({}), [record({ redeemed: true })]);
    expect(buttons()).toEqual([]);
  });

  it('offers Redeem on a matured balance order and nothing on an active one', () => {
    show(order({ id: 'B00000002', number: 'B00000002', source: 'balance', redeemable: true }));
    expect(buttons()).toEqual(['Redeem']);
    cleanup();
    show(
      order({
        source: 'balance',
        status: 'active',
        progress: 40,
        dueTime: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      }),
    );
    expect(buttons()).toEqual([]);
    expect(document.querySelector('[role="timer"]')).not.toBeNull();
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
  });
});

describe('unstakeArgs', () => {
  it('unstakes the record the server names, even when another open record has the same amount, cycle and time', () => {
    const twins = [record({}), { ...record({}), index: 4 }];
    expect(unstakeArgs(order({ chainIndex: 4 }), twins)).toEqual([4n]);
    expect(unstakeArgs(order({ chainIndex: 3 }), twins)).toEqual([3n]);
    // the index is served: no contract records needed to unstake
    expect(unstakeArgs(order({ chainIndex: 4 }))).toEqual([4n]);
  });

  it('offers no unstake for a balance order or a record already redeemed in the contract', () => {
    expect(unstakeArgs(order({ source: 'balance', chainIndex: null }))).toBeNull();
    expect(unstakeArgs(order({ chainIndex: 3 }), [record({ redeemed: true })])).toBeNull();
  });
});
