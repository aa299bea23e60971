// Benchmark (not a test): what the user-facing contract calls cost, read from the committed gas
// snapshots (npm test fails when they drift from the contracts, so they are current).
// Run: node --import tsx scripts/src/bench/contracts.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@free/devchain/anvil';
import { writeBenchResult } from '../../../server/bench/result.ts';

const CALLS = [
  { call: 'stake', file: '.gas-snapshot', test: 'StakingGasTest:test_gas_stake()' },
  {
    call: 'stakeWithInviter (first binding)',
    file: '.gas-snapshot',
    test: 'StakingGasTest:test_gas_stakeWithInviter_binding()',
  },
  { call: 'unstake', file: '.gas-snapshot', test: 'StakingGasTest:test_gas_unstake()' },
  {
    call: 'payment (USDT, with burn swap)',
    file: '.gas-snapshot-payment',
    test: 'PaymentGasTest:test_gas_payment_usdt()',
  },
];

const rows = CALLS.map(({ call, file, test }) => {
  const line = readFileSync(join(REPO_ROOT, 'contracts', file), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${test} `));
  const gas = Number(line?.match(/\(gas: (\d+)\)/)?.[1]);
  if (!Number.isFinite(gas))
    throw new Error(`${test} is not in contracts/${file}: run the contracts snapshot`);
  console.log(`  ${call.padEnd(36)} ${gas.toLocaleString('en-US').padStart(9)} gas`);
  return { call, test, gas };
});

writeBenchResult({
  bench: 'contracts',
  title: 'Contract calls (gas)',
  method:
    'forge gas snapshots of one-call tests (contracts/test/StakingGas.t.sol, PaymentGas.t.sol), each measured on a warmed contract; the figure includes the test call overhead',
  metrics: rows.map((r) => ({ name: r.call, value: r.gas, unit: 'gas' })),
  table: {
    head: ['call', 'snapshot test', 'gas'],
    rows: rows.map((r) => [r.call, r.test, r.gas.toLocaleString('en-US')]),
  },
});
