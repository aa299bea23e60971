// Plain JS on purpose: it runs before anything is installed. `npm test` on a fresh clone (as CI
// runs it) installs exactly the locked dependencies first; an installed tree is left alone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const marker = join(root, 'node_modules/.package-lock.json');
const lock = join(root, 'package-lock.json');
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log('» installing the locked dependencies (npm ci)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
