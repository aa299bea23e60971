// Prometheus in the rehearsal (docs/deploy.md step 8): Debian's `prometheus` (the package that also
// gives promtool to the `alerts` suite) runs deploy/prometheus/ against the run's API processes and
// the rehearsal's faults must raise the matching alerts, read back through Prometheus's HTTP API
// (GET /api/v1/alerts). The run's copy differs from the shipped files in three ways only, each
// checked to have applied: the targets are the run's metrics ports, scrapes and evaluations come
// every second (not 15 s), and every alert's `for:` is 2 s (production waits minutes, so a blip does
// not page; the rehearsal's faults last seconds). Everything else — the rules, their expressions,
// thresholds and labels — is the shipped alerts.yml.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@free/devchain/anvil';
import { GaveUp, until } from '@free/devchain/wait';
import { ROOT } from './services.ts';

export const REHEARSAL_FOR = '2s';

type Alert = { name: string; state: string; labels: Record<string, string> };

export type Prometheus = {
  url: string;
  /** the alerts firing now */
  firing: () => Promise<Alert[]>;
  /** every alert seen firing since the start (polled each second), by name and labels */
  seen: () => Alert[];
  /** waits until an alert whose labels include `labels` fires */
  waitFor: (name: string, labels: Record<string, string>, timeoutMs: number) => Promise<Alert>;
  /** waits until no alert of that name and labels fires any more */
  waitResolved: (name: string, labels: Record<string, string>, timeoutMs: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** deploy/prometheus/prometheus.yml for this run: its targets, 1 s intervals. */
function renderPrometheusConfig(targets: string[]): string {
  const shipped = readFileSync(join(ROOT, 'deploy', 'prometheus', 'prometheus.yml'), 'utf8');
  return replaceAll(shipped, [
    [/^(\s+scrape_interval:) 15s$/m, '$1 1s'],
    [/^(\s+evaluation_interval:) 15s$/m, '$1 1s'],
    [/^(\s+- targets:) \[.*\]$/m, `$1 [${targets.map((t) => `'${t}'`).join(', ')}]`],
  ]);
}

/** deploy/prometheus/alerts.yml for this run: every `for:` shortened to REHEARSAL_FOR. */
function renderAlertRules(): string {
  const shipped = readFileSync(join(ROOT, 'deploy', 'prometheus', 'alerts.yml'), 'utf8');
  const rules = shipped.match(/^\s+- alert: /gm)?.length ?? 0;
  const out = shipped.replace(/^(\s+for:) \S+$/gm, `$1 ${REHEARSAL_FOR}`);
  const shortened = out.match(new RegExp(`^\\s+for: ${REHEARSAL_FOR}$`, 'gm'))?.length ?? 0;
  if (rules === 0 || shortened === 0) throw new Error('deploy/prometheus/alerts.yml: no rule or no `for:`');
  return out;
}

function replaceAll(text: string, edits: [RegExp, string][]) {
  return edits.reduce((t, [re, to]) => {
    if (!re.test(t)) throw new Error(`deploy/prometheus/prometheus.yml no longer has ${re}`);
    return t.replace(re, to);
  }, text);
}

const matches = (a: Alert, name: string, labels: Record<string, string>) =>
  a.name === name && Object.entries(labels).every(([k, v]) => a.labels[k] === v);

export async function startPrometheus(
  dir: string,
  targets: string[],
  log: (s: string) => void,
): Promise<Prometheus> {
  const home = join(dir, 'prometheus');
  mkdirSync(join(home, 'data'), { recursive: true });
  writeFileSync(join(home, 'prometheus.yml'), renderPrometheusConfig(targets));
  writeFileSync(join(home, 'alerts.yml'), renderAlertRules());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${join(home, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(home, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (c: Buffer) => {
    output = (output + c.toString()).slice(-4000);
  });
  // a start that fails leaves no Prometheus behind (the caller gets no handle to stop)
  try {
    await until(
      `Prometheus on ${url}`,
      async () => {
        if (child.exitCode !== null) throw new GaveUp(`prometheus exited: ${output}`);
        return (await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(2_000) })).ok;
      },
      30_000,
    );
    // every target scraped once: the configuration reached the processes
    await until(
      'Prometheus to scrape every API process',
      async () => {
        const res = await fetch(`${url}/api/v1/targets`);
        const body = (await res.json()) as { data: { activeTargets: { health: string }[] } };
        const active = body.data.activeTargets;
        return active.length === targets.length && active.every((t) => t.health === 'up');
      },
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  log(`  Prometheus on ${url} scraping ${targets.join(', ')} (config ${home})`);

  const firing = async (): Promise<Alert[]> => {
    const res = await fetch(`${url}/api/v1/alerts`, { signal: AbortSignal.timeout(3_000) });
    const body = (await res.json()) as {
      data: { alerts: { labels: Record<string, string>; state: string }[] };
    };
    return body.data.alerts
      .filter((a) => a.state === 'firing')
      .map((a) => ({ name: a.labels.alertname ?? '', state: a.state, labels: a.labels }));
  };
  const seen = new Map<string, Alert>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      for (const a of await firing().catch(() => [])) seen.set(JSON.stringify(a.labels), a);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  })();
  return {
    url,
    firing,
    seen: () => [...seen.values()],
    waitFor: (name, labels, timeoutMs) =>
      until(
        `Prometheus to fire ${name} ${JSON.stringify(labels)}`,
        async () => (await firing()).find((a) => matches(a, name, labels)),
        timeoutMs,
        500,
      ),
    waitResolved: (name, labels, timeoutMs) =>
      until(
        `${name} ${JSON.stringify(labels)} to resolve`,
        async () => !(await firing()).some((a) => matches(a, name, labels)),
        timeoutMs,
        500,
      ).then(() => {}),
    stop: async () => {
      polling = false;
      await poll;
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** An alert as one line: its name and the labels that tell it apart. */
export function describe(a: Alert) {
  // `job` is the scrape job's (free) except on the jobs' own metrics (honor_labels), which name one
  const { alertname: _, severity: __, ...rest } = a.labels;
  const labels = Object.entries(rest)
    .filter(([k, v]) => !(k === 'job' && v === 'free'))
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  return `${a.name}{${labels}}`;
}
