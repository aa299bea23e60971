import { beforeEach, describe, expect, it } from 'vitest';
import { session, walletEndsSession } from './store';

const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeEach(() => session.clear());

describe('session', () => {
  it('is kept in localStorage and merges the profile without changing the address', () => {
    session.set({ token: 't1', user: { address: USER } });
    session.mergeUser({ level: 'V1', address: '0x0000000000000000000000000000000000000001' });
    expect(JSON.parse(localStorage.getItem('free.session') ?? 'null')).toEqual({
      token: 't1',
      user: { address: USER, level: 'V1' },
    });
    session.clear();
    expect(localStorage.getItem('free.session')).toBeNull();
  });

  it('ends when the connected wallet is another address, compared case-insensitively', () => {
    const current = { token: 't', user: { address: USER } };
    expect(walletEndsSession({ status: 'connected', address: USER.toLowerCase() }, current)).toBe(false);
    expect(
      walletEndsSession(
        { status: 'connected', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
        current,
      ),
    ).toBe(true);
    // Reconnecting (no address yet), disconnected, or nobody signed in: nothing to end.
    expect(walletEndsSession({ status: 'connecting' }, current)).toBe(false);
    expect(
      walletEndsSession(
        { status: 'disconnected', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
        current,
      ),
    ).toBe(false);
    expect(walletEndsSession({ status: 'connected', address: USER }, null)).toBe(false);
  });
});
