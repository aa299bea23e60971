// The network timeout (60 s, docs/business-rules.md "Calls, messages and timing") is what every chain call of the app waits: the wallet's
// transport, the contract reads of the staking page.
import { NETWORK_TIMEOUT_MS } from '@free/protocol/constants';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { publicClient } from '../api/staking';
import { createWagmiConfig } from './wagmi';

describe('chain calls', () => {
  it('wait the 60 s network timeout, not the library default', async () => {
    expect(NETWORK_TIMEOUT_MS).toBe(60_000);
    expect((await publicClient(foundry.id)).transport.timeout).toBe(NETWORK_TIMEOUT_MS);
    expect(createWagmiConfig(foundry).getClient().transport.timeout).toBe(NETWORK_TIMEOUT_MS);
  });
});
