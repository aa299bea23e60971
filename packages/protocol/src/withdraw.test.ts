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

  it("names every coin's limit settings one way, <coin prefix>withdraw_<limit>_wei, each key once", () => {
    expect(Object.keys(WITHDRAW_RULES).sort()).toEqual([...WITHDRAW_COINS].sort());
    const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const all: string[] = [];
    for (const coin of WITHDRAW_COINS) {
      const keys = Object.entries(WITHDRAW_RULES[coin].limits);
      const prefix = keys[0]?.[1].split('withdraw_')[0];
      for (const [limit, key] of keys) expect(key).toBe(`${prefix}withdraw_${snake(limit)}_wei`);
      all.push(...keys.map(([, k]) => k));
    }
    expect(new Set(all).size).toBe(all.length);
    // the console sets each of them, in its coin's token; only the minimum cannot be off
    expect(MONEY_LIMITS.free_withdraw_min_wei).toEqual({ token: 'FREE', nullable: false });
    expect(MONEY_LIMITS.withdraw_review_above_wei).toEqual({ token: 'USDT', nullable: true });
  });
});
