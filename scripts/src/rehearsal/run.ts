/// <reference lib="dom" />
// `npm run rehearsal` (and the `rehearsal` suite of `npm test`): FREE run as in production on this
// machine, in the order of docs/deploy.md — a BSC stand-in (anvil, chain 56), the deploy script and
// the owner's steps with keys made for this run, a PostgreSQL and a Redis of its own, `npm run build`
// (and the web build's first-paint budget) and `npm run migrate`, two api processes (no hot-wallet
// key) and two jobs processes of the build in production mode (keys from files, roles.ts), nginx serving web/dist and the api ones over HTTPS with
// a certificate made for the run, Prometheus scraping them all — then a user in Chromium with a
// browser wallet, an operator in the console, faults in the middle (an api process and the leading
// jobs process killed, Redis stopped, PostgreSQL restarted) and the alerts they raise, and a restore
// drill. One line per step; last line `N passed, N failed`.
// Everything it started is stopped at the end, also on failure; logs stay in the printed folder.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, startAnvil } from '@free/devchain/anvil';
import { CHROMIUM, CHROMIUM_FLAGS } from '@free/devchain/chromium';
import { ensureContractsBuilt, localAccount, ownArtifact, uniswapArtifact } from '@free/devchain/deploy';
import { until } from '@free/devchain/wait';
import { stakingAbi } from '@free/protocol/abi/index';
import { parseAddress, parseHex } from '@free/protocol/address';
import { signRequest } from '@free/protocol/signing';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatEther,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bsc } from 'viem/chains';
import { shown as asShown, shows, statValue } from '../../../web/e2e/api.ts';
import { assert, catalog, check, go, results, settle } from '../../../web/e2e/harness.ts';
import { watchEventSource } from '../../../web/e2e/stream-watch.ts';
import { describe, type Prometheus, REHEARSAL_FOR, startPrometheus } from './prometheus.ts';
import { restoreDrill } from './restore-drill.ts';
import { apiRoleEnv, jobsProcess } from './roles.ts';
import {
  type ApiProcess,
  apiAnswers,
  apiProcess,
  frontDoor,
  makeCertificate,
  type Postgres,
  psql,
  type RedisHandle,
  ROOT,
  type RunCertificate,
  run,
  runOk,
  startNginx,
  startPostgres,
  startRedis,
} from './services.ts';
import { injectWallet } from './wallet.ts';

const BSC_CHAIN_ID = 56;
/** the chain the user's wallet is on when the app first meets it (Ethereum mainnet) */
const WALLET_START_CHAIN = 1;
const started = Date.now();
const log = (line: string) => console.log(line);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

// ---- keys made for this run: nothing here is an anvil test key ----
const keys = {
  deployer: generatePrivateKey(),
  signer: generatePrivateKey(),
  hotWallet: generatePrivateKey(),
  user: generatePrivateKey(),
  operator: generatePrivateKey(),
};
const deployer = privateKeyToAccount(keys.deployer);
const user = privateKeyToAccount(keys.user);
const operator = privateKeyToAccount(keys.operator);
const hotWallet = privateKeyToAccount(keys.hotWallet);
const clientSecret = randomBytes(24).toString('hex');
/** the rest of the world on the stand-in chain (the USDT issuer, the DEX, the faucet): anvil accounts */
const world = localAccount(5);
const faucet = localAccount(6);

const dir = mkdtempSync(join(tmpdir(), 'free-rehearsal-'));
const cleanups: (() => Promise<void> | void)[] = [];
const csp: string[] = [];

// ---- steps: one line each; after a failed step the ones that need it are not run ----
let blocked: string | null = null;
let failures = 0;
/** the page the current step drives */
let shown: Page | null = null;
/** What each page went through lately (errors, failed requests, refused answers), shown with a failed step. */
const trail: string[] = [];
function follow(page: Page, name: string) {
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${name} ${line}`);
    if (trail.length > 40) trail.shift();
  };
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && note(`console: ${m.text().slice(0, 200)}`));
  page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && note(`${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`at ${f.url()}`));
}
async function step(name: string, fn: () => Promise<void>, opts: { needed?: boolean } = {}) {
  if (blocked) {
    results.failed++;
    console.log(`  FAIL  ${name}\n        not run: "${blocked}" failed`);
    return false;
  }
  const ok = await check(`${name} (${elapsed()})`, async () => {
    try {
      await fn();
    } catch (error) {
      // the page as it was, for the report
      const page = shown;
      if (page) {
        const file = join(dir, `FAIL-${++failures}.png`);
        await page.screenshot({ path: file }).catch(() => {});
        (error as Error).message += `\n(page ${page.url()}, screenshot ${file})`;
        if (trail.length) (error as Error).message += `\nlately:\n  ${trail.join('\n  ')}`;
      }
      throw error;
    }
  });
  if (!ok && opts.needed !== false) blocked = name;
  return ok;
}

function runCli(args: string[], env: Record<string, string>) {
  return runOk(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env } });
}

async function main() {
  let chain: Chain;
  let rpcUrl = '';
  let pub: ReturnType<typeof createPublicClient>;
  const deploymentFile = join(dir, 'bsc-rehearsal.json');
  let deployment: {
    usdt: Address;
    free: Address;
    staking: Address;
    payment: Address;
    hotWallet: Address;
    startBlock: number;
  };
  let pg: Postgres;
  let redis: RedisHandle;
  const apis: ApiProcess[] = [];
  /** PROCESS_ROLE=jobs: the jobs and the hot wallet's key, not behind nginx */
  const jobsProcs: ApiProcess[] = [];
  let nginxUrl = '';
  let nginxDir = '';
  let apiEnv: Record<string, string> = {};
  log(`rehearsal: working folder ${dir}`);

  await step("nginx, Chromium and Prometheus from Debian's packages (apt-get when missing)", async () => {
    const missing = [
      ['/usr/sbin/nginx', 'nginx'],
      ['/usr/bin/chromium', 'chromium'],
      ['/usr/bin/prometheus', 'prometheus'],
    ].filter(([bin]) => !existsSync(bin as string));
    if (missing.length === 0) return;
    const names = missing.map(([, pkg]) => pkg as string);
    const root = process.getuid?.() === 0;
    const apt = (args: string[]) =>
      runOk(root ? 'apt-get' : 'sudo', root ? args : ['apt-get', ...args], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    await apt(['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq']);
    await apt(['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', '--no-install-recommends', ...names]);
  });

  await step('anvil with --chain-id 56 (a block a second) stands in for BSC', async () => {
    const anvil = await startAnvil({
      port: 0,
      stateFile: null,
      reuse: false,
      chainId: BSC_CHAIN_ID,
      blockTime: 1,
    });
    cleanups.push(() => anvil.stop());
    rpcUrl = anvil.rpcUrl;
    chain = defineChain({
      id: BSC_CHAIN_ID,
      name: 'BSC (rehearsal)',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    pub = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 250 });
    assert((await pub.getChainId()) === BSC_CHAIN_ID, 'chain id');
  });

  let usdtAddress: Address = '0x0000000000000000000000000000000000000000';
  let routerAddress: Address = usdtAddress;
  await step('the chain as found: a USDT, a Uniswap V2 router; run keys funded from a faucet', async () => {
    ensureContractsBuilt();
    const other = createWalletClient({ chain, transport: http(rpcUrl), account: world });
    const create = async (art: { abi: unknown; bytecode: Hex }, args: unknown[]) => {
      const hash = await other.deployContract({ abi: art.abi, bytecode: art.bytecode, args } as never);
      const r = await pub.waitForTransactionReceipt({ hash });
      return getAddress(parseAddress(r.contractAddress, 'deployed contract address'));
    };
    const weth = await create(uniswapArtifact('v2-periphery', 'WETH9'), []);
    const factory = await create(uniswapArtifact('v2-core', 'UniswapV2Factory'), [world.address]);
    routerAddress = await create(uniswapArtifact('v2-periphery', 'UniswapV2Router02'), [factory, weth]);
    usdtAddress = await create(ownArtifact('TestUSDT'), [world.address]);
    // BSC has Multicall3 at its usual address and the app batches its reads through it (viem's bsc)
    // (viem's copy of its creation code; viem does not export it, so the file is read directly)
    const { multicall3Bytecode } = (await import(
      pathToFileURL(join(ROOT, 'node_modules/viem/_esm/constants/contracts.js')).href
    )) as { multicall3Bytecode: Hex };
    const multicall = await create({ abi: [], bytecode: multicall3Bytecode }, []);
    const code = await pub.getCode({ address: multicall });
    const test = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) });
    const canonical = bsc.contracts.multicall3.address;
    await test.setCode({ address: canonical, bytecode: parseHex(code, 'Multicall3 code') });
    const tap = createWalletClient({ chain, transport: http(rpcUrl), account: faucet });
    const usdtAbi = ownArtifact('TestUSDT').abi;
    // gas for the deployer and the user, USDT the owner bought and the user holds
    for (const [to, bnb] of [
      [deployer.address, '20'],
      [user.address, '2'],
    ] as const) {
      await pub.waitForTransactionReceipt({
        hash: await tap.sendTransaction({ to, value: parseEther(bnb) }),
      });
    }
    for (const [to, usdt] of [
      [deployer.address, '400000'],
      [user.address, '5000'],
    ] as const) {
      const hash = await other.writeContract({
        address: usdtAddress,
        abi: usdtAbi,
        functionName: 'mint',
        args: [to, parseEther(usdt)],
      } as never);
      await pub.waitForTransactionReceipt({ hash });
    }
  });

  const ownerEnv = () => ({
    RPC_URL: rpcUrl,
    DEPLOYER_KEY: keys.deployer,
    DEPLOYMENT_FILE: deploymentFile,
  });
  await step('deploy: packages/devchain/src/deploy.ts --network bsc-rehearsal', async () => {
    await runCli(['packages/devchain/src/deploy.ts', '--network', 'bsc-rehearsal'], {
      ...ownerEnv(),
      SIGNER_ADDRESS: privateKeyToAccount(keys.signer).address,
      HOT_WALLET_ADDRESS: hotWallet.address,
      USDT_ADDRESS: usdtAddress,
      ROUTER_ADDRESS: routerAddress,
    });
    deployment = JSON.parse(readFileSync(deploymentFile, 'utf8'));
    assert(deployment.hotWallet === hotWallet.address, 'the deployment names another hot wallet');
  });

  await step('owner steps: liquidity, staking reserve, hot wallet funding (owner.ts)', async () => {
    const owner = 'packages/devchain/src/owner.ts';
    await runCli([owner, 'liquidity', '1000000', '100000'], ownerEnv());
    await runCli([owner, 'reserve', '200000'], ownerEnv());
    await runCli([owner, 'fund-hot-wallet', '50000', '100000', '5'], ownerEnv());
    const held = await pub.readContract({
      address: deployment.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [hotWallet.address],
    });
    assert(held === parseEther('50000'), `the hot wallet holds ${formatEther(held)} USDT`);
    const reserve = await pub.readContract({
      address: deployment.staking,
      abi: stakingAbi,
      functionName: 'availableReserve',
    });
    assert(reserve === parseEther('200000'), `the staking reserve is ${formatEther(reserve)} USDT`);
    // the pool prices FREE at 0.1 USDT (1,000,000 : 100,000), less the DEX fee
    const amounts = await pub.readContract({
      address: routerAddress,
      abi: parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']),
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [deployment.free, deployment.usdt]],
    });
    const price = amounts[1] ?? 0n;
    assert(
      price > parseEther('0.099') && price < parseEther('0.1'),
      `1 FREE fetches ${formatEther(price)} USDT`,
    );
  });

  await step('PostgreSQL (initdb, pg_ctl) and Redis of the rehearsal, on free ports', async () => {
    pg = await startPostgres(dir, await freePort(), log);
    cleanups.push(() => pg.stop());
    redis = await startRedis(await freePort(), log);
    cleanups.push(() => redis.stop());
  });

  // HTTPS (HTTP/2) on webPort with a certificate made for the run; plain HTTP only redirects
  const webPort = await freePort();
  const httpPort = await freePort();
  nginxUrl = `https://127.0.0.1:${webPort}`;
  let tls: RunCertificate | undefined;
  await step(
    'npm run build: the server for plain Node (server/dist) and the web app for this origin',
    async () => {
      const r = await run('npm', ['run', '--silent', 'build'], {
        cwd: ROOT,
        inherit: true,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          FREE_CLIENT_SECRET: clientSecret,
          VITE_API_URL: nginxUrl,
          VITE_RPC_URL: rpcUrl,
        },
      });
      assert(r.code === 0, 'npm run build failed');
      assert(existsSync(join(ROOT, 'web', 'dist', 'csp-header.txt')), 'no csp-header.txt');
      for (const entry of ['main', 'migrate', 'ops'])
        assert(existsSync(join(ROOT, 'server', 'dist', `${entry}.js.map`)), `no server/dist/${entry}.js.map`);
    },
  );
  await step(
    "the web build's first paint: JavaScript within its budget, none of the console's (web/scripts/bundle-budget.mjs)",
    async () => {
      const r = await run(process.execPath, ['scripts/bundle-budget.mjs'], { cwd: join(ROOT, 'web') });
      assert(r.code === 0, `${r.stdout}${r.stderr}`.trim());
      for (const line of r.stdout.trim().split('\n').slice(-2)) log(`        ${line}`);
    },
    // what follows does not depend on it
    { needed: false },
  );

  // what every process of the deployment is given (docs/deploy.md "Settings"); the keys and the
  // client secret from files, as systemd credentials or container secrets hand them over
  const secretFile = (name: string, value: string) => {
    const file = join(dir, `${name}.secret`);
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    return file;
  };

  await step(
    'npm run migrate: the API refuses the empty database first, naming it; then applied',
    async () => {
      apiEnv = {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: 'free:',
        RPC_URL: rpcUrl,
        DEPLOYMENT_FILE: deploymentFile,
        FREE_CLIENT_SECRET_FILE: secretFile('client-secret', clientSecret),
        SIGNER_KEY_FILE: secretFile('signer-key', keys.signer),
        HOT_WALLET_KEY_FILE: secretFile('hot-wallet-key', keys.hotWallet),
        OPERATOR_ADDRESSES: `${operator.address}:admin`,
        SIWE_DOMAINS: `127.0.0.1:${webPort}`,
        TRUST_PROXY: '1',
        // BSC stand-in: a block a second, an event counts when two blocks are on top of it
        FINALITY_DEPTH: '2',
        LOG_LEVEL: 'info',
        DEV_CLOCK: '',
        // nginx probes no readiness: a second is enough for the SIGTERM order to run
        DRAIN_SECONDS: '1',
      };

      const env = { ...process.env, ...apiEnv, PORT: String(await freePort()) };
      const early = await run(process.execPath, ['server/dist/main.js'], { env });
      assert(
        early.code === 1 && /migration\(s\) pending .* run `npm run migrate` first/.test(early.stderr),
        `an API process on the unmigrated database: exit ${early.code}, ${early.stderr.trim()}`,
      );
      const r = await run(process.execPath, ['server/dist/migrate.js'], { env });
      assert(r.code === 0 && /^migrate: applied /m.test(r.stdout), `migrate: ${r.stdout}${r.stderr}`);
    },
  );

  await step(
    'two api processes without the hot-wallet key and two jobs processes of the build; jobs-a leads the jobs',
    async () => {
      const a = jobsProcess('jobs-a', await freePort(), apiEnv, dir);
      const b = jobsProcess('jobs-b', await freePort(), apiEnv, dir);
      jobsProcs.push(a, b);
      const apiA = apiProcess('api-a', await freePort(), apiRoleEnv(apiEnv), dir);
      const apiB = apiProcess('api-b', await freePort(), apiRoleEnv(apiEnv), dir);
      apis.push(apiA, apiB);
      cleanups.push(
        () => a.stop(),
        () => b.stop(),
        () => apiA.stop(),
        () => apiB.stop(),
      );
      await a.start();
      await until(
        'jobs-a to lead the indexer and the payout worker',
        async () => {
          const held = await jobLocks(pg);
          return (
            held.some((l) => l.name.startsWith('free:payout:') && l.pid === a.pid()) &&
            held.some((l) => l.name.startsWith('free:indexer:') && l.pid === a.pid())
          );
        },
        60_000,
      );
      await b.start();
      await apiA.start();
      await apiB.start();
      // every job in jobs-a; no api process holds a job's lock
      const holders = new Set((await jobLocks(pg)).map((l) => l.pid));
      assert(holders.size === 1 && holders.has(a.pid() as number), `jobs led by ${[...holders]}`);
    },
  );

  let prom: Prometheus | undefined;
  await step(
    `Prometheus (Debian's) with deploy/prometheus/ scrapes the api and jobs processes (every 1 s; alerts' for: ${REHEARSAL_FOR} in the run's copy)`,
    async () => {
      const targets = [...apis, ...jobsProcs].map((a) => `127.0.0.1:${a.metricsPort}`);
      prom = await startPrometheus(dir, targets, log);
      cleanups.push(() => prom?.stop());
    },
    { needed: false },
  );

  await step('nginx (deploy/nginx.conf): web/dist with its CSP, gzip, caching; /api on both', async () => {
    tls = await makeCertificate(dir);
    const ng = await startNginx(
      dir,
      { port: webPort, httpPort, webRoot: join(ROOT, 'web', 'dist'), apis: apis.map((a) => a.port), tls },
      log,
    );
    cleanups.push(() => ng.stop());
    nginxDir = ng.dir;
    const index = await fetch(`${nginxUrl}/`);
    const expected = readFileSync(join(ROOT, 'web', 'dist', 'csp-header.txt'), 'utf8').trim();
    assert(index.headers.get('content-security-policy') === expected, 'the CSP is not csp-header.txt');
    assert(
      index.headers.get('cache-control') === 'no-store',
      `index.html: ${index.headers.get('cache-control')}`,
    );
    const html = await index.text();
    const asset = /src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert(asset, 'no script in index.html');
    const js = await fetch(`${nginxUrl}/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    assert(js.headers.get('content-encoding') === 'gzip', 'the script is not gzipped');
    assert(
      /immutable/.test(js.headers.get('cache-control') ?? ''),
      `asset: ${js.headers.get('cache-control')}`,
    );
    assert(js.headers.get('content-security-policy') === expected, 'the asset lacks the CSP');
    assert(await apiAnswers(nginxUrl), 'the API does not answer through nginx');
  });

  await step(
    "nginx's front door: HTTPS with HTTP/2 and HSTS, TLS 1.2 and 1.3 only, plain HTTP redirected",
    async () => {
      const door = await frontDoor(nginxUrl, httpPort, tls as RunCertificate);
      log(`        ${JSON.stringify(door.best)}; TLS 1.1: ${'refused' in door.tls11 ? 'refused' : 'served'}`);
      assert(JSON.stringify(door.best) === '{"version":"TLSv1.3","alpn":"h2"}', JSON.stringify(door.best));
      assert(JSON.stringify(door.tls12).includes('"TLSv1.2"'), `TLS 1.2: ${JSON.stringify(door.tls12)}`);
      assert('refused' in door.tls11, `a TLS 1.1 client was served: ${JSON.stringify(door.tls11)}`);
      assert(
        door.redirect.status === 301 && door.redirect.location === `${nginxUrl}/pages/mine/mine?x=1`,
        `plain HTTP: ${JSON.stringify(door.redirect)}`,
      );
      for (const path of ['/', '/api/common/config']) {
        const hsts = (await fetch(`${nginxUrl}${path}`)).headers.get('strict-transport-security');
        assert(/max-age=\d{8}/.test(hsts ?? ''), `${path}: HSTS ${hsts}`);
      }
    },
    { needed: false },
  );

  // ---- the browser ----
  // Chromium trusts the run's certificate (and no other error): the page is a secure context
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...(tls ? [tls.chromiumFlag] : [])],
  });
  cleanups.push(() => browser.close());
  const en = catalog('en');
  const adminEn = JSON.parse(
    readFileSync(join(ROOT, 'web', 'src', 'i18n', 'locales', 'admin', 'en.json'), 'utf8'),
  ) as Record<string, string>;

  const open = async (who: typeof user, name: string, startChainId: number) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    const allowed = new Set([new URL(nginxUrl).host, new URL(rpcUrl).host]);
    // nothing leaves this machine (wallet cloud services, fonts): as a user offline from them
    await ctx.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || allowed.has(url.host))
        return route.continue();
      return route.abort('blockedbyclient');
    });
    await ctx.exposeBinding('__rehearsalCsp', (_s, text: string) => {
      csp.push(`${name}: ${text}`);
    });
    await ctx.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) =>
        window.__rehearsalCsp(e.violatedDirective + ' blocked ' + e.blockedURI));
      localStorage.setItem('free.lang', 'en');`,
    });
    const wallet = await injectWallet(ctx, { account: who, chain, rpcUrl, startChainId, name });
    const page = await ctx.newPage();
    shown = page;
    follow(page, name);
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) csp.push(`${name} console: ${msg.text()}`);
    });
    return { ctx, page, wallet };
  };

  const signIn = async (page: Page, walletName: string) => {
    await page.goto(`${nginxUrl}/#/pages/mine/mine`);
    await settle(page);
    await page.click('.profile-card button');
    await page.locator('.wallet-option', { hasText: walletName }).click({ timeout: 15_000 });
    await page.waitForFunction(() => localStorage.getItem('free.session') !== null, undefined, {
      timeout: 30_000,
    });
    await go(page, '/pages/mine/mine');
    await page.waitForSelector('[data-testid="profile-address"]', { timeout: 20_000 });
  };

  let userCtx: { ctx: BrowserContext; page: Page; wallet: Awaited<ReturnType<typeof injectWallet>> };
  const token = async (page: Page) => {
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('free.session') ?? 'null'));
    assert(typeof stored?.token === 'string', 'the page has no session');
    return stored.token as string;
  };
  /** The user's API, as the app calls it (signed headers), through nginx. */
  const asUser = async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const t = await token(userCtx.page);
    const url = new URL(nginxUrl + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const times = String(Date.now());
    const res = await fetch(url, {
      headers: {
        platform: 'h5',
        authorization: `Bearer ${t}`,
        times,
        sign: signRequest(clientSecret, t, times),
      },
    });
    const body = (await res.json()) as { code: number; msg?: string; data: T };
    if (body.code !== 200) throw new Error(`GET ${path}: ${body.code} ${body.msg ?? ''}`);
    return body.data;
  };
  /** A signed POST of the user straight to one API process (`base`), as the app would send it. */
  const postAs = async <T>(base: string, path: string, body: unknown): Promise<T> => {
    const t = await token(userCtx.page);
    const times = String(Date.now());
    const res = await fetch(base + path, {
      method: 'POST',
      headers: {
        platform: 'h5',
        'content-type': 'application/json',
        authorization: `Bearer ${t}`,
        times,
        sign: signRequest(clientSecret, t, times),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; msg?: string; data: T };
    if (answer.code !== 200) throw new Error(`POST ${base}${path}: ${answer.code} ${answer.msg ?? ''}`);
    return answer.data;
  };
  type Row = { id: number; state: string; amount: string; txHash?: string | null };
  const withdrawals = async () =>
    (await asUser<{ list: Row[] }>('/api/user/withdraw/list', { page: '1', size: '20' })).list;

  await step('user: a browser wallet on chain 1 connects, is switched to 56 and signs in', async () => {
    userCtx = await open(user, 'Rehearsal Wallet', WALLET_START_CHAIN);
    await signIn(userCtx.page, 'Rehearsal Wallet');
    assert(userCtx.wallet.calls.includes('wallet_switchEthereumChain'), 'the app never asked to switch');
    assert(userCtx.wallet.chainId() === BSC_CHAIN_ID, `the wallet is on ${userCtx.wallet.chainId()}`);
    const page = await userCtx.page.evaluate(() => [location.protocol, String(isSecureContext)].join(' '));
    assert(page === 'https: true', `the page is not on HTTPS: ${page}`);
    const shown = (await userCtx.page.textContent('[data-testid="profile-address"] .address'))?.trim();
    assert(shown === `${user.address.slice(0, 6)}…${user.address.slice(-4)}`, `profile shows ${shown}`);
  });

  // a recharge is at most 1,000 USDT: three of them cover a withdrawal above the review threshold
  await step('user: three recharges of 1,000 USDT through Payment, each credited once final', async () => {
    const page = userCtx.page;
    for (let n = 1; n <= 3; n++) {
      await go(page, '/pages/mine/recharge');
      await page.fill('.amount-input input', '1000');
      await page.click('[data-testid="recharge-create"]');
      await page.click('.tx-button button', { timeout: 15_000 });
      await until(
        `recharge ${n} to be credited`,
        async () => {
          const list = await asUser<{ list: { state: string }[] }>('/api/user/recharge/list', {
            page: '1',
            size: '5',
          });
          return list.list.filter((o) => o.state === 'paid').length === n;
        },
        120_000,
        500,
      );
    }
  });

  await step('fault: kill -9 of an API process that served the user; the journey goes on', async () => {
    const served = readFileSync(join(nginxDir, 'access.log'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('/api/user'))
      .map((l) => /upstream=127\.0\.0\.1:(\d+)/.exec(l)?.[1]);
    // the one not leading the jobs (its own fault comes later); it must have served the user
    const victim = apis[1] as ApiProcess;
    assert(served.includes(String(victim.port)), `${victim.name} never served the user`);
    await victim.kill9();
    // the user keeps going: the next pages and calls reach the other process
    await go(userCtx.page, '/pages/mine/mine');
    await asUser('/api/user');
  });

  await step('user: stake 100 USDT on chain (through the other process)', async () => {
    const page = userCtx.page;
    await go(page, '/pages/shop/shop');
    await page.locator('.cycle-option').first().click();
    await page.fill('.amount-input input', '100');
    await page.click('.tx-button button');
    await until(
      'the indexer to mirror the stake',
      async () =>
        (
          await asUser<{ list: { source: string }[] }>('/api/user/stake/orders', { page: '1', size: '10' })
        ).list.find((o) => o.source === 'chain'),
      120_000,
      500,
    );
    // as a supervisor would, the killed process is started again
    await (apis[1] as ApiProcess).start();
  });

  await step(
    'user: /api/stream through nginx, the service worker in control: a withdrawal asked of each API process reaches the page at once',
    async () => {
      const page = userCtx.page;
      const notes = await watchEventSource(page);
      await go(page, '/pages/mine/mine');
      await page.reload();
      await settle(page);
      // the worker registered at the first visit serves every later load of the app
      const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
      assert(worker?.endsWith('/sw.js'), `no service worker controls the page (${worker})`);
      const ready = await until(
        'a signed-in stream',
        async () => notes.find((n) => n.type === 'ready' && n.data.includes('"signedIn":true')),
        15_000,
      );
      const opened = notes.filter((n) => n.type === 'connect' && n.at <= ready.at).at(-1)?.at ?? ready.at;
      // a buffering proxy holds a small first event back until its buffer fills
      assert(ready.at - opened < 2_000, `the first event took ${ready.at - opened} ms through nginx`);
      const walletShown = () =>
        statValue(page, en['mine.walletBalance'] ?? '?', '[data-testid="profile-balances"]');
      // the Profile's own first read of the balance is over: an event that came while a query's very
      // first read is under way is not read again (React Query joins that read)
      const before = (await asUser<{ balances: { wallet: { USDT: string } } }>('/api/user')).balances.wallet
        .USDT;
      await shows('the wallet balance before', walletShown, asShown(before, 'USDT'), 10_000);
      const heardIn = new Map<string, number>();
      // one stream, held by one of the two: a movement through each, so one of them crossed
      // processes (through PostgreSQL's NOTIFY)
      for (const api of apis) {
        const from = notes.length;
        const t0 = Date.now();
        await postAs(api.url, '/api/user/withdraw/apply', { amount: '1', coin: 'USDT' });
        const told = await until(
          `the event of the withdrawal asked of ${api.name}`,
          async () => notes.slice(from).find((n) => n.type === 'user' && n.data.includes('"balances"')),
          5_000,
          20,
        );
        heardIn.set(api.name, told.at - t0);
        const now = (await asUser<{ balances: { wallet: { USDT: string } } }>('/api/user')).balances.wallet
          .USDT;
        await shows(
          `the wallet balance after the withdrawal asked of ${api.name}`,
          walletShown,
          asShown(now, 'USDT'),
          10_000,
        );
      }
      assert(!notes.some((n) => n.type === 'error' && n.at > ready.at), 'the stream broke meanwhile');
      // the worker keeps no API answer (the stream passes it by: not a navigation, not an asset)
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys())
            if (new URL(r.url).pathname.startsWith('/api/')) urls.push(r.url);
        return urls;
      });
      assert(cached.length === 0, `the service worker cached ${cached.join(', ')}`);
      // which process held the stream: nginx logs a stream when it ends (the reload ends it)
      const streamLines = () =>
        readFileSync(join(nginxDir, 'access.log'), 'utf8')
          .split('\n')
          .filter((l) => l.includes('"GET /api/stream"'));
      const logged = streamLines().length;
      await page.reload();
      const line = await until('nginx to log the ended stream', async () => streamLines()[logged], 10_000);
      const port = Number(/upstream=127\.0\.0\.1:(\d+)/.exec(line)?.[1]);
      const holder = apis.find((a) => a.port === port);
      const other = apis.find((a) => a !== holder);
      assert(holder && other, `the stream's upstream: ${line}`);
      log(
        `        the stream was held by ${holder.name}: the withdrawal asked of ${other.name} reached it in ${heardIn.get(other.name)} ms (of ${holder.name}: ${heardIn.get(holder.name)} ms); first event ${ready.at - opened} ms`,
      );
    },
  );

  // one withdrawal may not exceed 1,000 U; review is by the day (docs/business-rules.md): 1,000 and
  // 600 are paid, the 500 that takes the day to 2,100 waits for an operator
  const amount = '500';
  let withdrawal: Row | undefined;
  await step(
    'user: withdraw 1,000, 600 and 500 USDT: the last takes the day above the review threshold and waits',
    async () => {
      const page = userCtx.page;
      await go(page, '/pages/mine/extract');
      const before = (await withdrawals()).length;
      for (const [i, each] of ['1000', '600', amount].entries()) {
        await page.fill('.amount-input input', each);
        await page.click('[data-testid="withdraw-submit"]');
        await until(
          `withdrawal ${i + 1} of 3 accepted`,
          async () => (await withdrawals()).length >= before + i + 1,
          30_000,
        );
      }
      withdrawal = await until(
        'the withdrawal in review',
        async () => (await withdrawals()).find((w) => w.state === 'review'),
        30_000,
      );
    },
  );

  const paidLogs = async () => {
    const logs = await pub.getContractEvents({
      address: deployment.usdt,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { from: hotWallet.address, to: user.address },
      fromBlock: BigInt(deployment.startBlock),
    });
    return logs.filter((l) => l.args.value === parseEther(amount));
  };

  await step(
    'operator: signs in with a wallet of the run, approves it in the console (#/admin)',
    async () => {
      const { page } = await open(operator, 'Operator Wallet', BSC_CHAIN_ID);
      await signIn(page, 'Operator Wallet');
      await go(page, '/admin/money');
      await page.waitForSelector('[data-testid="admin-console"]', { timeout: 15_000 });
      const row = page.locator(`[data-withdrawal="${withdrawal?.id}"]`);
      await row
        .getByRole('button', { name: adminEn['admin.money.approve'] as string })
        .click({ timeout: 15_000 });
      await until(
        'the withdrawal to leave review',
        async () => (await withdrawals()).find((w) => w.id === withdrawal?.id && w.state !== 'review'),
        15_000,
      );
    },
  );

  /** the jobs process the leader fault killed (its alert is checked at the end) */
  let killedLeader: ApiProcess | undefined;
  await step('fault: kill -9 of the jobs leader; another leads within 30 s; paid exactly once', async () => {
    const payoutLeader = (await jobLocks(pg)).find((l) => l.name.startsWith('free:payout:'))?.pid;
    const leader = jobsProcs.find((p) => p.pid() === payoutLeader);
    assert(leader, `the payout worker is led by ${payoutLeader}, not a jobs process`);
    killedLeader = leader;
    const other = jobsProcs.find((p) => p !== leader) as ApiProcess;
    const before = (await withdrawals()).find((w) => w.id === withdrawal?.id)?.state;
    await leader.kill9();
    log(`        killed ${leader.name} with the withdrawal ${before}`);
    const t0 = Date.now();
    await until(
      'another process to lead the payout worker',
      async () =>
        (await jobLocks(pg)).some((l) => l.name.startsWith('free:payout:') && l.pid === other.pid()),
      30_000,
    );
    log(`        ${other.name} leads after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const done = await until(
      'the withdrawal to be confirmed',
      async () => (await withdrawals()).find((w) => w.id === withdrawal?.id && w.state === 'confirmed'),
      120_000,
      500,
    );
    // a few more blocks: a second payout, if the worker sent one, would show by then
    const head = await pub.getBlockNumber();
    await until('three more blocks', async () => (await pub.getBlockNumber()) >= head + 3n, 30_000);
    const logs = await paidLogs();
    assert(logs.length === 1, `${logs.length} transfers of ${amount} USDT from the hot wallet to the user`);
    assert(logs[0]?.transactionHash === done.txHash, "the transfer is not the withdrawal's transaction");
    await leader.start();
  });

  await step(
    'fault: Redis stopped; the API answers and limits still apply per process',
    async () => {
      await redis.stop();
      assert(await apiAnswers(nginxUrl), 'the API does not answer without Redis');
      await go(userCtx.page, '/pages/mine/mine');
      // one client (by the forwarded address the proxy would add) floods one process directly
      const target = apis[0] as ApiProcess;
      const client = `198.51.100.${1 + Math.floor(Math.random() * 200)}`;
      let refused = 0;
      for (let sent = 0; sent < 640 && refused === 0; sent += 40) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, () =>
            fetch(`${target.url}/api/common/config`, {
              headers: { platform: 'h5', 'x-forwarded-for': client },
            })
              .then((r) => r.json() as Promise<{ code: number }>)
              // a refusal is an envelope with code 429 (HTTP 200, as every API answer)
              .then((body) => body.code),
          ),
        );
        refused += answers.filter((s) => s === 429).length;
      }
      await redis.start();
      assert(
        refused > 0,
        '640 requests of one client within a minute were all served while Redis was down: the limits failed open instead of counting in each process',
      );
    },
    { needed: false },
  );

  await step('fault: PostgreSQL restarted; the API answers again within 10 s, not restarted', async () => {
    const pids = apis.map((a) => a.pid());
    await pg.restart();
    const t0 = Date.now();
    await until(
      'the API to write to the database again',
      async () => {
        const res = await fetch(`${nginxUrl}/api/common/nonce?address=${user.address}`, {
          headers: { platform: 'h5' },
        });
        return ((await res.json()) as { code: number }).code === 200;
      },
      10_000,
    );
    log(`        answered after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    assert(
      apis.every((a, i) => a.pid() === pids[i]),
      'an API process was restarted',
    );
    await asUser('/api/user');
  });

  await step(
    'restore drill: backup, a payout, restore to before it; jobs held until restore:check; paid once, nothing short',
    () =>
      restoreDrill({
        ...{ dir, pg, apiEnv, withdrawals, log },
        // every process is stopped for the restore; the jobs processes are the ones that wait
        apis: [...apis, ...jobsProcs],
        pub: pub as PublicClient,
        usdt: deployment.usdt,
        hotWallet: hotWallet.address,
        user: user.address,
        operator: operator.address,
        fromBlock: BigInt(deployment.startBlock),
        apply: async () => {
          await postAs(nginxUrl, '/api/user/withdraw/apply', { amount: '1', coin: 'USDT' });
        },
      }),
    { needed: false },
  );

  await step(
    'the operator tool reconciles with RPC_URL, DATABASE_URL and DEPLOYMENT_FILE only: nothing short',
    async () => {
      // no key at all: what a cron job on another machine is given
      const only = ['PATH', 'HOME', 'NODE_ENV', 'RPC_URL', 'DATABASE_URL', 'DEPLOYMENT_FILE'] as const;
      const env = Object.fromEntries(only.map((k) => [k, apiEnv[k] ?? process.env[k] ?? '']));
      const r = await run(process.execPath, ['server/dist/ops.js', 'reconcile'], {
        env: { ...env, OPS_ACTOR: operator.address },
      });
      assert(r.code === 0, `reconcile exited ${r.code}: ${r.stderr}`);
      const rows = JSON.parse(r.stdout) as { token: string; short: string }[];
      assert(rows.length > 0, 'reconcile listed nothing');
      for (const row of rows) assert(/^0(\.0+)?$/.test(row.short), `${row.token} short by ${row.short}`);
    },
    { needed: false },
  );

  await step(
    "Prometheus's alerts (GET /api/v1/alerts) for the faults: the killed job leader, Redis stopped, the hot wallet drained",
    async () => {
      assert(prom, 'Prometheus did not start');
      const leader = killedLeader;
      assert(leader, 'the leader fault killed no jobs process');
      const seen = prom.seen();
      log(`        fired during the run: ${seen.map(describe).join(', ') || 'nothing'}`);
      const down = { instance: `127.0.0.1:${leader.metricsPort}` };
      assert(
        seen.some((a) => a.name === 'FreeProcessDown' && a.labels.instance === down.instance),
        `no FreeProcessDown for ${leader.name} killed with kill -9`,
      );
      await redis.stop();
      const t0 = Date.now();
      await prom.waitFor('FreeReadinessCheckFailing', { check: 'redis' }, 60_000);
      log(`        Redis stopped: FreeReadinessCheckFailing{check="redis"} after ${Date.now() - t0} ms`);
      await redis.start();
      await prom.waitResolved('FreeReadinessCheckFailing', { check: 'redis' }, 60_000);
      // every USDT of the hot wallet moved out by its own key, as a thief would
      const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: hotWallet });
      const held = await pub.readContract({
        address: deployment.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [hotWallet.address],
      });
      await pub.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: deployment.usdt,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [world.address, held],
        }),
      });
      const t1 = Date.now();
      await prom.waitFor('FreeHotWalletLow', { asset: 'USDT' }, 60_000);
      log(`        hot wallet drained: FreeHotWalletLow{asset="USDT"} after ${Date.now() - t1} ms`);
    },
    { needed: false },
  );

  await step(
    'no Content-Security-Policy violation reported by Chromium',
    async () => {
      assert(csp.length === 0, csp.join('\n'));
    },
    { needed: false },
  );
}

/** The job locks held now: which process (node pid) holds which lock name. */
async function jobLocks(pg: Postgres): Promise<{ pid: number; name: string }[]> {
  return (
    await psql(
      pg,
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
     WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'free-job %'`,
    )
  ).map(([app = '']) => {
    const [, pid = '0', name = ''] = app.split(' ');
    return { pid: Number(pid), name };
  });
}

/** Stops everything started, last first (once, whatever ends the run). */
let stopping: Promise<void> | null = null;
function stopAll() {
  stopping ??= (async () => {
    for (const stop of cleanups.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.log(`  cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return stopping;
}
// PostgreSQL runs detached (pg_ctl): an interrupted run must still stop it and the rest
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`${signal}: stopping what the rehearsal started (logs: ${dir})`);
    void stopAll().then(() => process.exit(130));
  });

try {
  await main();
} catch (error) {
  results.failed++;
  console.log(`  FAIL  rehearsal stopped: ${(error as Error).stack ?? error}`);
} finally {
  await stopAll();
}
if (results.failed === 0) rmSync(dir, { recursive: true, force: true });
else console.log(`logs: ${dir} (API processes, nginx, PostgreSQL, screenshots of failed steps)`);
console.log(`rehearsal took ${elapsed()}`);
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
