// `npm start`: the whole local stack — anvil, contracts, seed data, API and web — then one URL.
// Ctrl-C stops everything (the chain state and the embedded database survive in .data/; the chain's
// state is written after every block, so a crash or a SIGKILL keeps them in step too).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAnvil } from '@free/devchain/anvil';
import { deployLocal } from '@free/devchain/deploy';
import { createPublicClient, http, type PublicClient } from 'viem';

const root = resolve(import.meta.dirname, '../..');
// ports: ANVIL_PORT, PORT (API) and WEB_PORT, so two stacks can run side by side
const port = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a TCP port`);
  return n;
};
const ANVIL_PORT = port('ANVIL_PORT', 8545);
const API_PORT = port('PORT', 8787);
const WEB_PORT = port('WEB_PORT', 5173);
const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
// what the API and the web app read: the chain and the API of this stack
process.env.PORT = String(API_PORT);
process.env.RPC_URL ??= `http://127.0.0.1:${ANVIL_PORT}`;
process.env.VITE_API_URL ??= `http://127.0.0.1:${API_PORT}`;
process.env.VITE_RPC_URL ??= process.env.RPC_URL;
if (WEB_PORT !== 5173) process.env.SIWE_DOMAINS ??= `127.0.0.1:${WEB_PORT},localhost:${WEB_PORT}`;

const stoppers: Array<() => Promise<void> | void> = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stoppers.reverse()) await Promise.resolve(stop()).catch(() => {});
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

function step(text: string): void {
  console.log(`» ${text}`);
}

try {
  step(`starting the local chain (anvil, 127.0.0.1:${ANVIL_PORT})`);
  const anvil = await startAnvil({ port: ANVIL_PORT });
  stoppers.push(() => anvil.stop());
  const client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  // anvil forgets a dev:advance when it restarts: put its clock back where its blocks are
  const { restoreChainLead } = await import(join(root, 'server/src/ops/dev-advance.ts'));
  const lead: number = await restoreChainLead(client);
  if (lead > 0) step(`the chain's clock is ${Math.round(lead / 3600)} h ahead (dev:advance): kept`);

  step('deploying contracts (skipped when already deployed on this chain)');
  const deployment = await deployLocal({ rpcUrl: anvil.rpcUrl });

  step('checking the database mirrors this chain');
  const { ensureDatabaseMatchesChain } = await import(join(root, 'server/src/ops/chain-identity.ts'));
  await ensureDatabaseMatchesChain({ databaseUrl: process.env.DATABASE_URL, client, deployment });

  const seedFile = join(root, 'server/src/ops/seed.ts');
  if (existsSync(seedFile)) {
    step('seeding demo data (skipped when already seeded)');
    const { seedLocal } = await import(seedFile);
    await seedLocal({ rpcUrl: anvil.rpcUrl, deployment });
  }

  step(`starting the API (127.0.0.1:${API_PORT})`);
  const { startServer } = await import(join(root, 'server/src/main.ts'));
  // the dev clock: the API's day follows the chain when `npm run dev:advance` moves it
  const api = await startServer({ devClock: true });
  stoppers.push(() => api.close());

  step(`starting the web app (127.0.0.1:${WEB_PORT})`);
  // vite itself, not through npx: stopping npx would leave its vite child holding the port
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const web: ChildProcess = spawn(
    process.execPath,
    [vite, '--host', '127.0.0.1', '--port', String(WEB_PORT), '--strictPort'],
    {
      cwd: join(root, 'web'),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: process.env,
    },
  );
  stoppers.push(() => {
    web.kill('SIGTERM');
  });
  web.on('exit', (code) => {
    if (!stopping) {
      console.error(`web server exited (${code})`);
      void stopAll(1);
    }
  });

  console.log(`
  FREE is running.

    Web app   ${WEB_URL}/
    API       ${api.url}   (OpenAPI: ${api.url}/api/docs)
    Chain     ${anvil.rpcUrl}   (chain id ${deployment.chainId})

  Open the web app, choose "Local test wallet" and sign in. Ctrl-C stops everything.
  Move time forward (stakes mature, settlement runs): npm run dev:advance -- 7d
`);
} catch (error) {
  console.error('\nnpm start failed:', error instanceof Error ? error.message : error);
  await stopAll(1);
}
