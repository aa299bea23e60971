import { describe, expect, it } from 'vitest';
import {
  BOOKED_INCOME_KINDS,
  DERIVED_INCOME_KINDS,
  INCOME_LIST_KINDS,
  LEDGER_KINDS,
  ledgerKind,
} from './ledger-kinds.ts';

describe('ledger kinds', () => {
  it('offers the flow-record filter no income kind that is never booked', () => {
    for (const k of DERIVED_INCOME_KINDS) {
      expect(LEDGER_KINDS).not.toContain(k);
      expect(ledgerKind.safeParse(k).success).toBe(false);
    }
    for (const k of BOOKED_INCOME_KINDS) expect(LEDGER_KINDS).toContain(k);
  });

  it('lists every income kind once, booked or derived', () => {
    expect([...INCOME_LIST_KINDS].sort()).toEqual([...BOOKED_INCOME_KINDS, ...DERIVED_INCOME_KINDS].sort());
  });
});
