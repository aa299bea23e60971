import { describe, expect, it } from 'vitest';
import { MONEY_LIMITS } from './api/admin.ts';
import { WITHDRAW_COINS, WITHDRAW_STATES } from './api/wallet.ts';
import { isWithdrawPending, WITHDRAW_RULES, WITHDRAW_TRANSITIONS } from './withdraw.ts';

describe('withdrawal rules', () => {
  it('names a move for every state, only to known states, and ends in confirmed or refunded', () => {
    expect(Object.keys(WITHDRAW_TRANSITIONS).sort()).toEqual([...WITHDRAW_STATES].sort());
    for (const to of Object.values(WITHDRAW_TRANSITIONS).flat()) expect(WITHDRAW_STATES).toContain(to);
    expect(WITHDRAW_TRANSITIONS.confirmed).toEqual([]);
    expect(WITHDRAW_TRANSITIONS.refunded).toEqual([]);
    // a withdrawal that may have been paid is never queued (paid) again
    for (const s of ['signed', 'broadcast', 'unresolved'] as const)
      expect(WITHDRAW_TRANSITIONS[s]).not.toContain('queued');
  });

  it('shows queued, signed, broadcast and unresolved withdrawals as waiting for the chain', () => {
    expect(WITHDRAW_STATES.filter(isWithdrawPending)).toEqual([
      'queued',
      'signed',
      'broadcast',
      'unresolved',
    ]);
  });

  it("lists every coin's limits in the console's money limits, in the coin's token; only the minimum cannot be off", () => {
    expect(Object.keys(WITHDRAW_RULES).sort()).toEqual([...WITHDRAW_COINS].sort());
    for (const coin of WITHDRAW_COINS) {
      for (const [name, key] of Object.entries(WITHDRAW_RULES[coin].limits)) {
        expect(MONEY_LIMITS[key as keyof typeof MONEY_LIMITS], key).toEqual({
          token: coin,
          nullable: name !== 'min',
        });
      }
    }
  });
});
