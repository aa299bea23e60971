// What each benchmark hands to `npm run bench`: its figures and, where the issue sets one, the target.
// The runner (scripts/src/bench/run.ts) passes BENCH_RESULT_FILE and turns the results into
// docs/benchmarks.md; run alone, a bench only prints.
import { writeFileSync } from 'node:fs';

export type Target = { op: '>' | '>=' | '<' | '<='; value: number };
export type Metric = { name: string; value: number; unit: string; target?: Target };
export type BenchResult = {
  bench: string;
  title: string;
  method: string;
  metrics: Metric[];
  /** an optional detail table (e.g. every endpoint's figures) */
  table?: { head: string[]; rows: string[][] };
};

export function meets(value: number, t: Target): boolean {
  if (t.op === '>') return value > t.value;
  if (t.op === '>=') return value >= t.value;
  if (t.op === '<') return value < t.value;
  return value <= t.value;
}

/** "missed by 23 %" style distance from a target, relative to the target. */
export function shortfall(value: number, t: Target): string {
  if (meets(value, t)) return 'met';
  const pct = (Math.abs(value - t.value) / t.value) * 100;
  return `missed by ${pct.toFixed(pct < 10 ? 1 : 0)} %`;
}

export function writeBenchResult(result: BenchResult): void {
  for (const m of result.metrics) {
    if (m.target)
      console.log(
        `  ${m.name}: ${round(m.value)} ${m.unit} — target ${m.target.op} ${m.target.value}: ${shortfall(m.value, m.target)}`,
      );
  }
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}

export const round = (n: number) =>
  Math.abs(n) >= 100
    ? Math.round(n)
    : Math.abs(n) >= 1
      ? Math.round(n * 10) / 10
      : Math.round(n * 1000) / 1000;
