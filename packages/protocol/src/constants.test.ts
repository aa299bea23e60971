import { describe, expect, it } from 'vitest';
import { WEI_PER_UNIT } from './amount.ts';
import {
  CYCLE_DAYS,
  DAY_MS,
  DAY_SECONDS,
  DEFAULT_CYCLE_FEE_BPS,
  DEFAULT_CYCLE_RATE_PPM,
  FOMO_FLOOR_WEI,
  MAX_DAILY_RATE_PPM,
  NO_MORE_HIDDEN_ABOVE,
  PAGE_SIZE,
  SESSION_TTL_MS,
  STAKE_CYCLES,
} from './constants.ts';

describe('constants', () => {
  it('has the stake cycles 7, 15, 30 days at indexes 0, 1, 2', () => {
    expect(CYCLE_DAYS).toEqual([7, 15, 30]);
    expect(STAKE_CYCLES.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('keeps every default rate within the 1.2 % daily cap and one fee per cycle', () => {
    expect(DEFAULT_CYCLE_RATE_PPM).toHaveLength(STAKE_CYCLES.length);
    expect(DEFAULT_CYCLE_FEE_BPS).toHaveLength(STAKE_CYCLES.length);
    for (const r of DEFAULT_CYCLE_RATE_PPM) expect(r).toBeLessThanOrEqual(MAX_DAILY_RATE_PPM);
    expect(MAX_DAILY_RATE_PPM / 1e6).toBe(0.012);
  });

  it('matches the documented list rules and the FOMO floor', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(NO_MORE_HIDDEN_ABOVE).toBe(999);
    expect(FOMO_FLOOR_WEI).toBe(500n * WEI_PER_UNIT);
  });

  it('counts a day as 24 hours and a session as 30 days', () => {
    expect(DAY_SECONDS).toBe(24 * 60 * 60);
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
    expect(SESSION_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });
});
