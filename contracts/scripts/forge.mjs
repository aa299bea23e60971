#!/usr/bin/env node
// Runs forge from npm with the right binary and working directory.
//   node scripts/forge.mjs build [args]      forge build
//   node scripts/forge.mjs test [args]       forge test --json, a per-suite summary, the gas snapshot
//                                            check, and a last line `N passed, N failed`
//   node scripts/forge.mjs snapshot          regenerate the committed gas snapshots
//   node scripts/forge.mjs snapshot --check  compare against them (fails when gas changed)
// Gas snapshots cover unit tests only (fuzz and invariant gas depends on the generated inputs):
// `.gas-snapshot` for our suites, `.gas-snapshot-payment` for the Payment suites.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function forgeBinary() {
  const require = createRequire(path.join(root, 'package.json'));
  const pkg = `@foundry-rs/forge-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'forge');
  } catch {
    return path.join(root, '..', 'node_modules', pkg, 'bin', 'forge');
  }
}

const FORGE = forgeBinary();
const UNIT_ONLY = ['--no-match-test', '^(testFuzz|invariant)'];

function hasPaymentTests() {
  return readdirSync(path.join(root, 'test')).some((f) => /^Payment.*\.t\.sol$/.test(f));
}

function snapshotGroups() {
  const groups = [{ file: '.gas-snapshot', filter: ['--no-match-path', 'test/Payment*'] }];
  if (hasPaymentTests())
    groups.push({ file: '.gas-snapshot-payment', filter: ['--match-path', 'test/Payment*'] });
  return groups;
}

function run(args, { capture = false } = {}) {
  const res = spawnSync(FORGE, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.error) {
    console.error(`forge.mjs: cannot run ${FORGE}: ${res.error.message}`);
    process.exit(2);
  }
  return res;
}

/** Regenerates (check = false) or checks every snapshot group; returns the groups that failed. */
function snapshot(check) {
  const failed = [];
  for (const { file, filter } of snapshotGroups()) {
    const args = ['snapshot', ...UNIT_ONLY, ...filter, check ? `--check=${file}` : `--snap=${file}`];
    if (check && !existsSync(path.join(root, file))) {
      console.error(
        `gas snapshot ${file} is missing: run \`npm run snapshot -w @free/contracts\` and commit it`,
      );
      failed.push(file);
      continue;
    }
    const res = run(args, { capture: true });
    if (res.status !== 0) {
      const out = `${res.stdout}\n${res.stderr}`;
      const diff = out.split('\n').filter((l) => /^Diff in|^Error|\[FAIL/.test(l));
      console.error(diff.length ? diff.join('\n') : out);
      failed.push(file);
      console.error(
        check
          ? `\ngas changed against contracts/${file} (diff above). If the change is intended, run ` +
              '`npm run snapshot -w @free/contracts` and commit the snapshot so it shows in review.'
          : `\nforge snapshot failed for ${file}`,
      );
    } else {
      console.log(check ? `gas snapshot ${file}: unchanged` : `gas snapshot written: contracts/${file}`);
    }
  }
  return failed;
}

function parseJson(stdout) {
  const start = stdout.indexOf('{');
  if (start < 0) return null;
  try {
    return JSON.parse(stdout.slice(start));
  } catch {
    return null;
  }
}

function describeKind(kind) {
  if (kind?.Fuzz) return `fuzz, ${kind.Fuzz.runs} runs`;
  if (kind?.Invariant) return `invariant, ${kind.Invariant.runs} runs, ${kind.Invariant.calls} calls`;
  if (kind?.Unit) return `gas ${kind.Unit.gas}`;
  return '';
}

function describeCounterexample(c) {
  if (c.Single) return `(${c.Single.args ?? c.Single.calldata})`;
  if (Array.isArray(c.Sequence)) {
    // forge 1.x: [shrunk length, steps]
    const steps = Array.isArray(c.Sequence[1]) ? c.Sequence[1] : c.Sequence;
    return steps
      .map(
        (step) =>
          `\n        ${String(step.contract_name ?? step.addr)
            .split(':')
            .pop()}.${step.func_name}(${step.args ?? ''})`,
      )
      .join('');
  }
  return JSON.stringify(c);
}

function test(extra) {
  const res = run(['test', '--json', ...extra], { capture: true });
  const results = parseJson(res.stdout);
  if (!results) {
    process.stdout.write(res.stdout);
    process.stderr.write(res.stderr);
    console.error('\nforge test produced no results (compilation failed?)');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  let passed = 0;
  let failed = 0;
  for (const [suite, { duration, test_results: tests }] of Object.entries(results).sort()) {
    const entries = Object.entries(tests).sort();
    const bad = entries.filter(([, t]) => t.status === 'Failure');
    const ok = entries.filter(([, t]) => t.status === 'Success').length;
    passed += ok;
    failed += bad.length;
    console.log(
      `${bad.length ? '✗' : '✓'} ${suite}: ${ok} passed, ${bad.length} failed (${String(duration).split(' ').slice(0, 2).join(' ')})`,
    );
    for (const [name, t] of bad) {
      console.log(`    ✗ ${name} [${describeKind(t.kind)}]`);
      if (t.reason) console.log(`      reason: ${t.reason}`);
      if (t.counterexample) console.log(`      counterexample: ${describeCounterexample(t.counterexample)}`);
      for (const line of t.decoded_logs ?? []) console.log(`      log: ${line}`);
    }
  }
  if (res.status !== 0 && failed === 0) {
    process.stderr.write(res.stderr);
    failed = 1; // forge failed without naming a failing test: count it so the total shows it
  }
  const gasFailed = extra.length === 0 ? snapshot(true) : [];
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed || gasFailed.length ? 1 : 0);
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'build':
    process.exit(run(['build', ...rest]).status ?? 1);
    break;
  case 'test':
    test(rest);
    break;
  case 'snapshot':
    process.exit(snapshot(rest.includes('--check')).length ? 1 : 0);
    break;
  default:
    console.error('usage: node scripts/forge.mjs build|test|snapshot [--check]');
    process.exit(2);
}
