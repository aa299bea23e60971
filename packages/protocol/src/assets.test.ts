import { describe, expect, it } from 'vitest';
import { WEI_PER_UNIT as U } from './amount.ts';
import { totalAssetsUsdt } from './assets.ts';

const acct = (USDT: string, FREE: string, FCC: string) => ({ USDT, FREE, FCC });

describe('total assets in USDT', () => {
  it('adds USDT and FREE/FCC at their quotes over every account', () => {
    const balances = {
      wallet: acct('100', '50', '0'),
      airdrop: acct('0', '150', '0'),
      pool: acct('20.5', '0', '0'),
      asset: acct('0', '0', '30'),
    };
    // 100 + 20.5 + 200 FREE × 0.25 + 30 FCC × 0.1 = 173.5
    expect(totalAssetsUsdt(balances, { FREE: '0.25', FCC: '0.1' })).toBe(1735n * (U / 10n));
  });

  it('needs a quote only for a token the user holds', () => {
    expect(totalAssetsUsdt({ wallet: acct('7', '0', '0') }, {})).toBe(7n * U);
    expect(totalAssetsUsdt({ wallet: acct('7', '1', '0') }, { FCC: '1' })).toBeNull();
    expect(totalAssetsUsdt({ wallet: acct('7', '0', '0') }, { FREE: 'abc' })).toBe(7n * U);
    expect(totalAssetsUsdt({ wallet: acct('7', '2', '0') }, { FREE: 'abc' })).toBeNull();
  });

  it('rounds each product down, never up', () => {
    // 1 wei of FREE at 0.5 USDT is worth less than a wei of USDT
    expect(totalAssetsUsdt({ wallet: acct('0', '0.000000000000000001', '0') }, { FREE: '0.5' })).toBe(0n);
  });
});
