// `npm run bench`: every benchmark, one after another (never part of `npm test`). Each result is kept
// in docs/benchmarks.json with its commit, machine and date (a run of some benches keeps the others'
// last figures), and docs/benchmarks.md is rewritten between its markers from that file; the prose
// around the markers (why a target is missed) is written by hand. Timings on a shared 2-core
// machine move between runs: compare figures from one run only.
//   npm run bench                       all of them
//   npm run bench -- api settlement     only those named
// A bench whose correctness check fails makes the run fail (and its figures are not written).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { type BenchResult, round, shortfall } from '../../../server/bench/result.ts';

const root = resolve(import.meta.dirname, '../../..');
const DOC = join(root, 'docs/benchmarks.md');
const STORE = join(root, 'docs/benchmarks.json');
type Stamped = BenchResult & { commit: string; machine: string; measuredAt: string };
const BEGIN = '<!-- bench:begin (written by npm run bench) -->';
const END = '<!-- bench:end -->';

const benches = [
  { name: 'api', title: 'API against a hello-world', file: 'server/bench/api.bench.ts' },
  { name: 'stream', title: 'event stream', file: 'server/bench/stream.bench.ts' },
  { name: 'indexer', title: 'chain indexer', file: 'server/bench/indexer.bench.ts' },
  { name: 'settlement', title: 'daily settlement', file: 'server/bench/settlement.bench.ts' },
  { name: 'liabilities', title: 'proof of liabilities', file: 'server/bench/liabilities.bench.ts' },
  { name: 'contracts', title: 'contract gas', file: 'scripts/src/bench/contracts.ts' },
  { name: 'web', title: 'web first paint', file: 'scripts/src/bench/web.ts' },
  {
    name: 'capacity',
    title: 'capacity (nginx, two API processes, PostgreSQL)',
    file: 'scripts/src/bench/capacity.ts',
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((n) => !benches.some((b) => b.name === n));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (have: ${benches.map((b) => b.name).join(', ')})`);
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'free-bench-'));
const results: Stamped[] = [];
const failed: string[] = [];
for (const bench of benches.filter((b) => !only.length || only.includes(b.name))) {
  console.log(`\n» ${bench.title}`);
  const out = join(tmp, `${bench.name}.json`);
  const r = spawnSync('node', ['--import', 'tsx', join(root, bench.file)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULT_FILE: out },
  });
  if (r.status !== 0) failed.push(bench.name);
  else if (existsSync(out))
    results.push({ ...(JSON.parse(readFileSync(out, 'utf8')) as BenchResult), ...stamp() });
}
rmSync(tmp, { recursive: true, force: true });

if (results.length) {
  const kept = existsSync(STORE) ? (JSON.parse(readFileSync(STORE, 'utf8')) as Stamped[]) : [];
  const merged = benches
    .map((b) => results.find((r) => r.bench === b.name) ?? kept.find((r) => r.bench === b.name))
    .filter((r): r is Stamped => !!r);
  writeFileSync(STORE, `${JSON.stringify(merged, null, 2)}\n`);
  // in the repository's format (the lint suite checks every JSON file)
  spawnSync('npx', ['biome', 'format', '--write', STORE], { cwd: root, stdio: 'ignore' });
  writeDoc(merged);
}
if (failed.length) {
  console.error(`\nbench failed: ${failed.join(', ')}`);
  process.exit(1);
}

function git(...args: string[]) {
  return spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
}

function stamp() {
  const dirty = git('status', '--porcelain') ? ' with uncommitted changes' : '';
  const cpu = cpus();
  return {
    commit: `${git('rev-parse', '--short', 'HEAD')}${dirty}`,
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    measuredAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}

function writeDoc(list: Stamped[]) {
  const lines = [BEGIN, '', '| bench | figure | measured | target | |', '| --- | --- | ---: | --- | --- |'];
  for (const r of list) {
    for (const m of r.metrics) {
      const target = m.target ? `${m.target.op} ${m.target.value.toLocaleString('en-US')} ${m.unit}` : '';
      lines.push(
        `| ${r.title} | ${m.name} | ${round(m.value).toLocaleString('en-US')} ${m.unit} | ${target} | ${m.target ? shortfall(m.value, m.target) : ''} |`,
      );
    }
  }
  for (const r of list) {
    lines.push(
      '',
      `### ${r.title}`,
      '',
      `Measured ${r.measuredAt} at commit \`${r.commit}\` on ${r.machine}.`,
      '',
      `Method: ${r.method}.`,
    );
    if (r.table) {
      lines.push('', `| ${r.table.head.join(' | ')} |`, `| ${r.table.head.map(() => '---').join(' | ')} |`);
      for (const row of r.table.rows) lines.push(`| ${row.join(' | ')} |`);
    }
  }
  lines.push('', END);
  const block = lines.join('\n');
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : `# Benchmarks\n\n${BEGIN}\n${END}\n`;
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + block + doc.slice(end + END.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC, next);
  console.log(`\nfigures written to ${DOC.slice(root.length + 1)}`);
}
