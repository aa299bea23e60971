// `npm test`: every suite of every workspace, one after another, except the suites that mostly wait,
// which run beside the others in lanes of their own (`beside`); then one closing line `N passed, N failed` summing them all (CI reads that
// line; forge's own is not one it reads).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const tmp = join(root, '.tmp/test-results');

/** Each Debian package a suite may need, and a file that tells it is installed. */
const DEBIAN_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'fonts-noto-core': '/usr/share/fonts/truetype/noto',
  'fonts-noto-cjk': '/usr/share/fonts/opentype/noto',
  nginx: '/usr/sbin/nginx',
  prometheus: '/usr/bin/promtool',
} as const;
type DebianPackage = keyof typeof DEBIAN_PACKAGES;
/** Chromium and Noto fonts for every script the browser tests draw */
const BROWSER: DebianPackage[] = ['chromium', 'fonts-noto-core', 'fonts-noto-cjk'];

type Counts = { passed: number; failed: number; skipped: number };
type Suite = {
  name: string;
  cwd: string;
  command: string[];
  /** how counts are read: vitest's JSON report, the runner's own `N passed, N failed` line, or the exit code as one check */
  counts: 'vitest' | 'summary-line' | 'exit-code';
  env?: Record<string, string>;
  /** skip with a reason when a precondition fails */
  skip?: () => string | null;
  /**
   * Runs beside the suites after it instead of before them, once the suites named in `after` (listed
   * earlier) have finished; its lines are prefixed with its name. Only for a suite that mostly waits
   * (on processes it starts, a browser, a chain, a database): `npm test` measured each suite's CPU
   * (docs/benchmarks.md), and the waiting ones used a fifth to a half of their wall time. Suites of
   * one `lane` run one after another; the lanes and the suites that are in none run side by side.
   */
  beside?: { after: string[]; lane: 'contracts' | 'browser' | 'server' | 'rehearsal' };
  /** A suite in no lane: waits for these suites (listed earlier) before it starts. */
  after?: string[];
  /** Debian packages it needs: installed when missing (`aptInstall`), and the suite waits for them */
  packages?: DebianPackage[];
};

const vitest = (name: string, dir: string): Suite => ({
  name,
  cwd: join(root, dir),
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(tmp, `${name}.json`)}`,
  ],
  counts: 'vitest',
  skip: () =>
    ['vitest.config.ts', 'vite.config.ts'].some((f) => existsSync(join(root, dir, f)))
      ? null
      : 'no vitest config',
});

const suites: Suite[] = [
  {
    // first: the contracts the chains deploy (contracts/src only, about 6 s; with the tests, 20 s);
    // the server suite and the browser tests start once they are built
    name: 'contracts-build',
    cwd: root,
    command: ['node', 'contracts/scripts/forge.mjs', 'build', '--skip', 'test', '--skip', 'script'],
    counts: 'exit-code',
    beside: { after: [], lane: 'contracts' },
  },
  {
    // forge's own build of the tests goes to a folder of its own: the chains of the other lanes read
    // contracts/out meanwhile, and forge would write it again
    name: 'contracts',
    cwd: root,
    command: ['node', 'contracts/scripts/forge.mjs', 'test'],
    counts: 'summary-line',
    env: {
      FOUNDRY_OUT: join(root, '.tmp/forge-test/out'),
      FOUNDRY_CACHE_PATH: join(root, '.tmp/forge-test/cache'),
    },
    beside: { after: [], lane: 'contracts' },
  },
  {
    ...vitest('server', 'server'),
    // the longest suite, and it mostly waits on PostgreSQL, the chains and the processes it starts
    // (340 s of CPU in a 9-minute run): from the moment the contracts are built (its chains deploy
    // them), beside the checks that compute
    beside: { after: ['contracts-build'], lane: 'server' },
  },
  {
    name: 'web-e2e',
    cwd: join(root, 'web'),
    // against a private throw-away stack (own anvil, API on a memory DB): sign-in and recharge included
    command: ['node', '--import', 'tsx', 'e2e/with-stack.ts'],
    counts: 'summary-line',
    packages: BROWSER,
    // mostly waits on the browser, the API and the chain (159 s of CPU in a 12-minute run): beside
    // the type check and the server suite rather than after them
    beside: { after: ['contracts-build'], lane: 'browser' },
  },
  {
    ...vitest('web', 'web'),
    // after the browser tests in their lane: the checks' lane was the longer one (docs/benchmarks.md)
    beside: { after: [], lane: 'browser' },
  },
  {
    name: 'rehearsal',
    cwd: root,
    // production on this machine (docs/deploy.md): chain 56, the deploy script, its own PostgreSQL and
    // Redis, two API processes, nginx, Chromium with a browser wallet, faults in the middle; it
    // installs nginx, Chromium and Prometheus itself when missing (npm test does it first, `packages`)
    command: ['node', '--import', 'tsx', 'scripts/src/rehearsal/run.ts'],
    counts: 'summary-line',
    packages: [...BROWSER, 'nginx', 'prometheus'],
    // mostly waits on the processes it starts (81 s of CPU in a 6-minute run); its production build
    // of the web app is the one the bundle budget measures (no build of its own)
    beside: { after: ['contracts-build'], lane: 'rehearsal' },
  },
  {
    name: 'lint',
    cwd: root,
    // biome, citations that point into the repository, dead files, exports and dependencies (knip);
    // `npm run lint`'s OpenAPI lint is in api-docs below, on the document generated there
    command: [
      'sh',
      '-c',
      'npx biome check . && npm run --silent lint:citations && npm run --silent lint:dead',
    ],
    counts: 'exit-code',
  },
  {
    name: 'import-cycles',
    cwd: root,
    command: ['npm', 'run', '--silent', 'lint:cycles'],
    counts: 'exit-code',
  },
  {
    name: 'solhint',
    cwd: join(root, 'contracts'),
    command: ['npx', 'solhint', '--max-warnings', '0', 'src/**/*.sol'],
    counts: 'exit-code',
  },
  {
    name: 'typecheck',
    cwd: root,
    // every workspace's tsconfig.json; the ones with the same options as one program (typecheck.ts)
    command: ['node', '--import', 'tsx', 'scripts/src/typecheck.ts'],
    counts: 'exit-code',
  },
  {
    name: 'api-docs',
    cwd: root,
    // the generated docs and clients up to date, and the OpenAPI document under redocly's recommended
    // rules: one generation for both (each one makes an app and its database, about 20 s of CPU)
    command: [
      'sh',
      '-c',
      'node --import tsx server/src/docs.ts --check --openapi .tmp/openapi.json && npx redocly lint .tmp/openapi.json',
    ],
    counts: 'exit-code',
  },
  {
    name: 'alerts',
    cwd: join(root, 'deploy/prometheus'),
    // the scrape configuration and alert rules, and the rules' unit tests (alerts.test.yml)
    command: [
      'sh',
      '-c',
      'promtool check config prometheus.yml && promtool check rules alerts.yml && promtool test rules alerts.test.yml',
    ],
    counts: 'exit-code',
    packages: ['prometheus'],
  },
  vitest('protocol', 'packages/protocol'),
  {
    name: 'abi-up-to-date',
    cwd: root,
    // the ABIs of the contracts built for this run (a build of its own would write contracts/out
    // while the other lanes' chains read it)
    command: ['node', 'contracts/scripts/gen-abi.mjs', '--check', '--no-build'],
    counts: 'exit-code',
    after: ['contracts-build'],
  },
  // deploys the contracts' build on its own chains
  { ...vitest('chain-e2e', 'scripts'), after: ['contracts-build'] },
];

/**
 * Installs the missing packages with one apt-get (as root, else through sudo), beside the suites
 * that need none of them: on a new machine the download and unpacking took about a minute before
 * any suite started. Only the package itself: Prometheus's recommended node exporter and its dozens
 * of dependencies serve no test. Its output is kept and printed only when it fails (a suite that
 * needs the package then fails on its own, naming what is missing).
 */
function aptInstall(packages: DebianPackage[]): Promise<void> {
  if (!packages.length) return Promise.resolve();
  console.log(`» installing ${packages.join(', ')} (apt-get) beside the first suites`);
  const asRoot = process.getuid?.() === 0;
  const apt = (args: string[]) =>
    new Promise<{ code: number; output: string }>((done) => {
      const child = spawn(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.on('error', (err) => done({ code: 1, output: String(err) }));
      child.on('close', (code) => done({ code: code ?? 1, output }));
    });
  const started = Date.now();
  return apt(['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq'])
    .then(() =>
      apt(['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', '--no-install-recommends', ...packages]),
    )
    .then(({ code, output }) => {
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      if (code === 0) console.log(`» installed ${packages.join(', ')} (${secs}s)`);
      else console.log(`» apt-get install ${packages.join(' ')} failed (${code}):\n${output}`);
    });
}

/** Seconds of CPU from bash's `times` (its second line: the children's user and system time). */
function cpuSeconds(times: string): number | null {
  const line = times.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length === 2 ? (parts[0] ?? 0) + (parts[1] ?? 0) : null;
}

function runSuite(suite: Suite): Promise<{ code: number; output: string; cpu: number | null }> {
  return new Promise((done) => {
    // run under bash to read the CPU the suite used, its processes and theirs (every process they
    // waited for: a browser, a chain, the API), on a fourth descriptor. The checks in no lane run at a
    // lower priority: they end minutes before the lanes (docs/benchmarks.md, the test suite), so the
    // cores go first to the server suite and the browser tests, the longest lanes
    const low = !suite.beside;
    const command = low ? ['nice', '-n', '5', ...suite.command] : suite.command;
    const child = spawn('bash', ['-c', '"$@"; code=$?; times >&3; exit $code', 'suite', ...command], {
      cwd: suite.cwd,
      env: { ...process.env, ...suite.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let times = '';
    child.stdio[3]?.on('data', (c: Buffer) => {
      times += c.toString();
    });
    let output = '';
    // a suite beside others: whole lines, each with the suite's name, so the two can be told apart
    const prefix = suite.beside ? `[${suite.name}] ` : '';
    const partial = new Map<NodeJS.WriteStream, string>();
    const tee = (chunk: Buffer, to: NodeJS.WriteStream) => {
      const text = chunk.toString();
      output += text;
      if (!prefix) return void to.write(chunk);
      const lines = ((partial.get(to) ?? '') + text).split('\n');
      partial.set(to, lines.pop() ?? '');
      if (lines.length) to.write(lines.map((l) => `${prefix}${l}\n`).join(''));
    };
    child.stdout?.on('data', (c: Buffer) => tee(c, process.stdout));
    child.stderr?.on('data', (c: Buffer) => tee(c, process.stderr));
    child.on('close', (code) => {
      for (const [to, rest] of partial) if (rest) to.write(`${prefix}${rest}\n`);
      done({ code: code ?? 1, output, cpu: cpuSeconds(times) });
    });
  });
}

function countsOf(suite: Suite, code: number, output: string): Counts {
  if (suite.counts === 'vitest') {
    const file = join(tmp, `${suite.name}.json`);
    if (existsSync(file)) {
      const r = JSON.parse(readFileSync(file, 'utf8'));
      const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
      return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
    }
    // no report: vitest ran no file, even if it exited 0 (a global setup whose promise never settles
    // ends the process with nothing left to run, silently, and exit code 0)
    console.log(`» ${suite.name}: no vitest report (${relative(root, file)}), counted as failed`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  if (suite.counts === 'summary-line') {
    const lines = [...output.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/gm)];
    const last = lines.at(-1);
    if (last) {
      const failed = Number(last[2]) + (code !== 0 && Number(last[2]) === 0 ? 1 : 0);
      return { passed: Number(last[1]), failed, skipped: Number(last[3] ?? 0) };
    }
  }
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

type VitestReport = {
  testResults?: {
    name: string;
    assertionResults?: {
      fullName: string;
      status?: string;
      duration?: number | null;
      failureMessages?: string[];
    }[];
  }[];
};

/** Every failed test of this run's vitest reports, with the first lines of its failure: CI shows
 * only the end of the output, where this summary is. */
function failedTests(): string[] {
  const lines: string[] = [];
  for (const suite of suites) {
    const file = join(tmp, `${suite.name}.json`);
    if (suite.counts !== 'vitest' || !existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    for (const f of report.testResults ?? [])
      for (const t of f.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        lines.push(`  ${suite.name} ${relative(suite.cwd, f.name)} › ${t.fullName}`);
        const message = (t.failureMessages ?? []).join('\n').split('\n').slice(0, 6);
        lines.push(...message.map((l) => `      ${l.slice(0, 300)}`));
      }
  }
  return lines;
}

/** The `n` slowest tests of this run's vitest reports, one line each: seconds, suite, file, name. */
function slowestTests(n: number): string[] {
  const tests: { secs: number; line: string }[] = [];
  for (const suite of suites) {
    const file = join(tmp, `${suite.name}.json`);
    if (suite.counts !== 'vitest' || !existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    for (const f of report.testResults ?? [])
      for (const t of f.assertionResults ?? []) {
        const secs = (t.duration ?? 0) / 1000;
        tests.push({ secs, line: `${suite.name} ${relative(suite.cwd, f.name)} › ${t.fullName}` });
      }
  }
  return tests
    .sort((a, b) => b.secs - a.secs)
    .slice(0, n)
    .map((t) => `  ${t.secs.toFixed(1).padStart(6)}s  ${t.line}`);
}

const only = process.argv.slice(2);
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const selected = suites.filter((s) => !only.length || only.includes(s.name));
const missing = [...new Set(selected.flatMap((s) => s.packages ?? []))].filter(
  (pkg) => !existsSync(DEBIAN_PACKAGES[pkg]),
);
/** the missing Debian packages, installed beside the suites that need none */
const debianPackages = aptInstall(missing);

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const rows = new Map<string, string>();
/** each suite of this run, resolved when it has finished (or was skipped) */
const finished = new Map<string, Promise<void>>();

async function run(suite: Suite): Promise<void> {
  if (suite.packages) await debianPackages;
  console.log(
    `\n» ${suite.name}${suite.beside ? ' (beside the next suites)' : ''}: ${suite.command.join(' ')}`,
  );
  const started = Date.now();
  const { code, output, cpu } = await runSuite(suite);
  const c = countsOf(suite, code, output);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  const used = cpu === null ? '' : `, CPU ${cpu.toFixed(0)}s`;
  rows.set(suite.name, `  ${suite.name.padEnd(26)} ${c.passed} passed, ${c.failed} failed (${secs}s${used})`);
  if (suite.beside) console.log(`» ${suite.name} finished (${secs}s)`);
}

const lanes = new Map<string, Promise<void>>();
for (const suite of selected) {
  const reason = suite.skip?.();
  if (reason) {
    rows.set(suite.name, `  ${suite.name.padEnd(26)} skipped (${reason})`);
    continue;
  }
  if (suite.beside) {
    const after = suite.beside.after.map((name) => finished.get(name));
    const lane = (lanes.get(suite.beside.lane) ?? Promise.resolve())
      .then(() => Promise.all(after))
      .then(() => run(suite));
    lanes.set(suite.beside.lane, lane);
    finished.set(suite.name, lane);
  } else {
    await Promise.all((suite.after ?? []).map((name) => finished.get(name)));
    const done = run(suite);
    finished.set(suite.name, done);
    await done;
  }
}
await Promise.all(lanes.values());
const table = suites.flatMap((s) => rows.get(s.name) ?? []);

console.log(`\nSuites:\n${table.join('\n')}\n`);
const failed = failedTests();
if (failed.length) console.log(`Failed tests:\n${failed.join('\n')}\n`);
const slow = slowestTests(10);
if (slow.length) console.log(`Slowest tests:\n${slow.join('\n')}\n`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 ? 1 : 0);
