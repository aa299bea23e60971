// Runs the browser checks against a private, throw-away stack so nothing shared is touched:
// anvil on 127.0.0.1:8645 (no state file), a fresh deployment written to a temp file, and the API
// on 127.0.0.1:8797 with an in-memory database and the dev clock (DEV_CLOCK=1, local chain only:
// POST /api/dev/advance, POST /api/dev/streams/close). Then `e2e/run.ts` (every route, sign-in,
// recharge, the console), `e2e/pwa.ts` (the installable app), `e2e/stream.ts` (the event stream: a
// credit shown without polling, polling while it is down) and `e2e/journey.ts` (one user's money
// journey, last: it moves the server's clock) with API_URL/VITE_RPC_URL set, on one build of the
// app; the closing line (`total: N passed, N failed`) adds them up.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePortOr, startAnvil } from '@free/devchain/anvil';
import { deployLocal } from '@free/devchain/deploy';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..');
const RPC_PORT = Number(process.env.E2E_RPC_PORT ?? 8645);
const API_PORT = Number(process.env.E2E_API_PORT ?? 8797);
/** The web app's port, fixed for the whole run: the API accepts sign-in messages for this host only. */
const WEB_PORT = await freePortOr(Number(process.env.E2E_PORT ?? 5173));
const tmp = mkdtempSync(join(tmpdir(), 'free-web-e2e-'));
const deploymentFile = join(tmp, 'deployment.json');

const anvil = await startAnvil({ port: RPC_PORT, stateFile: null, reuse: false });
// Deploy before the API starts: it reads the deployment (signer, Payment) at start.
await deployLocal({ rpcUrl: anvil.rpcUrl, outFile: deploymentFile, log: () => {} });
let code = 0;
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
    // the journey moves time past maturity (refused by the server on any chain but 31337)
    DEV_CLOCK: '1',
    SIWE_DOMAINS: `127.0.0.1:${WEB_PORT}`,
    // one test user's page is reloaded for every screenshot variant (a stream ticket and the page's
    // reads each time): more signed-in requests a minute than a person makes; the limit itself is
    // tested in the server suite
    RATE_LIMIT_PER_ADDRESS: '1200',
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
  const env = {
    ...process.env,
    API_URL: apiUrl,
    VITE_RPC_URL: anvil.rpcUrl,
    E2E_PORT: String(WEB_PORT),
    // the journey serves the build run.ts made for this stack instead of building again
    E2E_BUILD_ID: randomBytes(8).toString('hex'),
  };
  const totals = { passed: 0, failed: 0 };
  // E2E_SCRIPTS=e2e/journey.ts runs one of them (while working on it)
  const scripts = process.env.E2E_SCRIPTS?.split(',') ?? [
    'e2e/run.ts',
    'e2e/pwa.ts',
    'e2e/stream.ts',
    'e2e/journey.ts',
  ];
  for (const script of scripts) {
    const status = await runScript(script, env, totals);
    if (status !== 0) code = 1;
  }
  if (code === 0 && totals.failed > 0) code = 1;
  if (code !== 0) console.log(`API log: ${apiLogFile}`);
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
} finally {
  api.kill('SIGTERM');
  await anvil.stop();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);

/**
 * Runs one e2e script, passing its output through and adding its closing `N passed, N failed` to
 * `totals` (a script that ends without one counts as one failure). Not spawnSync: this process must
 * keep reading anvil's output, or anvil blocks on a full pipe and stops answering halfway through.
 */
function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  totals: { passed: number; failed: number },
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('node', ['--import', 'tsx', script], {
      cwd: WEB,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    const done = (status: number) => {
      const last = [...tail.matchAll(/^(\d+) passed, (\d+) failed\s*$/gm)].at(-1);
      if (last) {
        totals.passed += Number(last[1]);
        totals.failed += Number(last[2]);
      } else totals.failed += 1;
      resolve(status);
    };
    child.once('exit', (status) => done(status ?? 1));
    child.once('error', () => done(1));
  });
}
