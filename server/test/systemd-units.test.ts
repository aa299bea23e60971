// The systemd units of deploy/systemd/ (docs/deploy.md "Supervision"): `systemd-analyze verify`
// accepts them without a warning (skipped, saying why, where systemd-analyze is missing), and what
// they hand each process matches the roles: the hot wallet's key only to the jobs processes, every
// key through LoadCredential and a <NAME>_FILE setting, a stop timeout longer than the process's
// own drain and request budget.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_SECONDS, REPO_ROOT, SECRET_SETTINGS } from '../src/config.ts';
import { REQUEST_BUDGET_MS } from '../src/http/context.ts';

const UNITS = resolve(REPO_ROOT, 'deploy', 'systemd');
const read = (name: string) => readFileSync(join(UNITS, name), 'utf8');
const api = read('free-api@.service');
const jobs = read('free-jobs@.service');

const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));
if (!analyze) console.warn('systemd units: systemd-analyze verify skipped, systemd-analyze is not installed');

/** Every `Key=value` of the unit, in order (repeated keys kept). */
const settings = (unit: string, key: string) =>
  unit
    .split('\n')
    .filter((l) => l.startsWith(`${key}=`))
    .map((l) => l.slice(key.length + 1));

const dir = mkdtempSync(join(tmpdir(), 'free-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deploy/systemd', () => {
  it.skipIf(!analyze)('systemd-analyze verify accepts both units without a warning', async () => {
    // an instance of each template; the ExecStart binary must exist where verify runs
    const files = [
      ['free-api@.service', 'free-api@8787.service'],
      ['free-jobs@.service', 'free-jobs@8797.service'],
    ].map(([template = '', instance = '']) => {
      const file = join(dir, instance);
      if (existsSync('/usr/bin/node')) copyFileSync(join(UNITS, template), file);
      else writeFileSync(file, read(template).replaceAll('/usr/bin/node', process.execPath));
      return file;
    });
    const { stdout, stderr } = await promisify(execFile)(
      analyze as string,
      ['verify', '--man=no', ...files],
      {
        cwd: dir,
      },
    );
    // verify exits 0 on an unknown key or a bad value, saying so: nothing said is the pass
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });

  it('the hot wallet key goes to the jobs processes only; every key through a credential file', () => {
    expect(api).not.toMatch(/HOT_WALLET_KEY|hot-wallet-key/);
    expect(settings(api, 'Environment').join(' ')).toContain('PROCESS_ROLE=api');
    expect(settings(jobs, 'Environment').join(' ')).toContain('PROCESS_ROLE=jobs');
    expect(settings(jobs, 'LoadCredential')).toContain('hot-wallet-key:/etc/free/credentials/hot-wallet-key');
    for (const unit of [api, jobs]) {
      const env = settings(unit, 'Environment').join(' ');
      // a key or secret is never a plain Environment= value, only the <NAME>_FILE of a credential
      for (const name of SECRET_SETTINGS) expect(env).not.toMatch(new RegExp(`(^|\\s)${name}=`));
      for (const m of env.matchAll(/(\w+)_FILE=%d\/([\w-]+)/g))
        expect(settings(unit, 'LoadCredential').map((c) => c.split(':')[0])).toContain(m[2]);
      expect(env).toContain('SIGNER_KEY_FILE=%d/signer-key');
    }
  });

  it('restart on failure, hardening, and a stop timeout longer than drain plus a request', () => {
    for (const unit of [api, jobs]) {
      expect(settings(unit, 'Restart')).toEqual(['on-failure']);
      for (const hardening of [
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'PrivateDevices=yes',
        'CapabilityBoundingSet=',
      ])
        expect(unit.split('\n')).toContain(hardening);
      // V8 writes executable code: this setting would kill node at start
      expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
      const stop = Number(settings(unit, 'TimeoutStopSec')[0]);
      expect(stop).toBeGreaterThan(DEFAULT_DRAIN_SECONDS + REQUEST_BUDGET_MS / 1000);
      expect(settings(unit, 'KillSignal')).toEqual(['SIGTERM']);
    }
  });
});
