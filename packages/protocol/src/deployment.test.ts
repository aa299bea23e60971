import { describe, expect, it } from 'vitest';
import { deploymentSchema } from './deployment.ts';

// DESIGN §5: the fields every deployments/<network>.json carries
const FILE = {
  network: 'local',
  chainId: 31337,
  usdt: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  free: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  fcc: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  staking: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  payment: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  factory: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  router: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  pair: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
};

describe('deployment file', () => {
  it('reads the fields of DESIGN §5 with checksummed addresses; what a deploy adds is optional', () => {
    const d = deploymentSchema.parse(FILE);
    expect(d.usdt).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
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
