// Runs the browser checks against a private, throw-away stack so nothing shared is touched:
// anvil on 127.0.0.1:8645 (no state file), a fresh deployment written to a temp file, and the API
// on 127.0.0.1:8797 with an in-memory database. Then `e2e/run.ts` with API_URL/VITE_RPC_URL set.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAnvil } from '@free/devchain/anvil';
import { deployLocal } from '@free/devchain/deploy';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..');
const RPC_PORT = Number(process.env.E2E_RPC_PORT ?? 8645);
const API_PORT = Number(process.env.E2E_API_PORT ?? 8797);
const tmp = mkdtempSync(join(tmpdir(), 'free-web-e2e-'));
const deploymentFile = join(tmp, 'deployment.json');

const anvil = await startAnvil({ port: RPC_PORT, stateFile: null, reuse: false });
// Deploy before the API starts: it reads the deployment (signer, Payment) at start.
await deployLocal({ rpcUrl: anvil.rpcUrl, outFile: deploymentFile, log: () => {} });
let code = 1;
// The API's request log (pino, one JSON line per request with its responseTime) is kept for a
// failed run in test-results/e2e-api.log.
mkdirSync(join(WEB, 'test-results'), { recursive: true });
const apiLogFile = join(WEB, 'test-results', 'e2e-api.log');
const apiLog = openSync(apiLogFile, 'w');
const api = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: ROOT,
  stdio: ['ignore', apiLog, 'inherit'],
  env: {
    ...process.env,
    PORT: String(API_PORT),
    DATABASE_URL: 'memory://',
    RPC_URL: anvil.rpcUrl,
    DEPLOYMENT_FILE: deploymentFile,
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'info',
    // A local chain only makes blocks on transactions: count an event as soon as it is mined.
    FINALITY_DEPTH: '0',
  },
});
try {
  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`${apiUrl}/api/common/config`, { headers: { platform: 'h5' } });
      const body = (await res.json()) as { data?: { contracts?: unknown } };
      if (body.data?.contracts) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error('the API did not come up with the deployment');
    await new Promise((r) => setTimeout(r, 500));
  }
  // Not spawnSync: this process must keep reading anvil's output, or anvil blocks on a full pipe
  // and stops answering halfway through the run.
  const run = spawn('node', ['--import', 'tsx', 'e2e/run.ts'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, API_URL: apiUrl, VITE_RPC_URL: anvil.rpcUrl },
  });
  code = await new Promise<number>((resolve) => {
    run.once('exit', (status) => resolve(status ?? 1));
    run.once('error', () => resolve(1));
  });
  if (code !== 0) console.log(`API log: ${apiLogFile}`);
} finally {
  api.kill('SIGTERM');
  await anvil.stop();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
