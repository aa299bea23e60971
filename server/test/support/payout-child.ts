// Test helper process: runs the payout worker once and kills itself with SIGKILL right after the
// broadcast (before it can note it), as a crash would. Settings come from the environment.
import { LOCAL_CHAIN_ID } from '@free/protocol/constants';
import { localTestKey } from '@free/protocol/local-accounts';
import { createPublicClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { openDb } from '../../src/db/client.ts';
import { payoutOnce } from '../../src/jobs/payout.ts';

const env = process.env;
const db = await openDb(env.KILL_DB_URL, { schema: env.KILL_DB_SCHEMA, poolSize: 2, handleSignals: false });
const client = createPublicClient({ transport: http(env.KILL_RPC_URL) }) as PublicClient;
await payoutOnce({
  db,
  client,
  account: privateKeyToAccount(localTestKey(11)),
  chainId: LOCAL_CHAIN_ID,
  tokens: { USDT: env.KILL_USDT as `0x${string}` },
  finalityDepth: 2,
  hooks: {
    afterBroadcast: () => {
      process.kill(process.pid, 'SIGKILL');
    },
  },
});
console.log('payout-child: not killed');
