import { describe, expect, it } from 'vitest';
import { CONTRACT_KEYS, deploymentSchema } from './deployment.ts';

// docs/operations.md "Local chain": the fields every deployments/<network>.json carries (made-up addresses)
const FILE: Record<string, unknown> = {
  network: 'local',
  chainId: 31337,
  ...Object.fromEntries(CONTRACT_KEYS.map((key, i) => [key, `0x${String(i + 1).repeat(40)}`])),
};
const MIXED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('deployment file', () => {
  it('reads the required fields with checksummed addresses; what a deploy adds is optional', () => {
    const d = deploymentSchema.parse({ ...FILE, usdt: MIXED.toLowerCase() });
    expect(d.usdt).toBe(MIXED);
    expect(d.pair).toBe(`0x${'8'.repeat(40)}`);
    expect(d.startBlock).toBeUndefined();
    expect(deploymentSchema.parse({ ...FILE, startBlock: 7 }).startBlock).toBe(7);
  });

  it('refuses a file without one of those fields or with a bad address, naming the field', () => {
    const { pair: _, ...noPair } = FILE;
    expect(deploymentSchema.safeParse(noPair).error?.issues[0]?.path).toEqual(['pair']);
    expect(deploymentSchema.safeParse({ ...FILE, router: '0x123' }).error?.issues[0]?.path).toEqual([
      'router',
    ]);
  });
});
