// `npm start`: the whole local stack — anvil, contracts, seed data, API and web — then one URL.
// Ctrl-C stops everything (the chain state and the embedded database survive in .data/).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAnvil } from '@free/devchain/anvil';
import { deployLocal } from '@free/devchain/deploy';

const root = resolve(import.meta.dirname, '../..');
const WEB_URL = 'http://127.0.0.1:5173';

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
  step('starting the local chain (anvil, 127.0.0.1:8545)');
  const anvil = await startAnvil();
  stoppers.push(() => anvil.stop());

  step('deploying contracts (skipped when already deployed on this chain)');
  const deployment = await deployLocal({ rpcUrl: anvil.rpcUrl });

  const seedFile = join(root, 'server/src/ops/seed.ts');
  if (existsSync(seedFile)) {
    step('seeding demo data (skipped when already seeded)');
    const { seedLocal } = await import(seedFile);
    await seedLocal({ rpcUrl: anvil.rpcUrl, deployment });
  }

  step('starting the API (127.0.0.1:8787)');
  const { startServer } = await import(join(root, 'server/src/main.ts'));
  const api = await startServer();
  stoppers.push(() => api.close());

  step('starting the web app (127.0.0.1:5173)');
  // vite itself, not through npx: stopping npx would leave its vite child holding the port
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const web: ChildProcess = spawn(
    process.execPath,
    [vite, '--host', '127.0.0.1', '--port', '5173', '--strictPort'],
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
`);
} catch (error) {
  console.error('\nnpm start failed:', error instanceof Error ? error.message : error);
  await stopAll(1);
}
