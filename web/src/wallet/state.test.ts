import { describe, expect, it, vi } from 'vitest';
import { type WalletApi, wallet } from './state';

describe('wallet stack on demand', () => {
  it('stays unloaded for a visitor until a page asks for the wallet API, which then resolves', async () => {
    expect(wallet.get().status).toBe('idle');
    expect(wallet.wanted()).toBe(false);
    const asked = vi.fn();
    wallet.subscribeWanted(asked);
    const ready = wallet.ready();
    expect(wallet.wanted()).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    wallet.require();
    expect(asked).toHaveBeenCalledTimes(1);
    const api = { appChainId: () => 31337 } as WalletApi;
    wallet.register(api);
    await expect(ready).resolves.toBe(api);
  });
});
