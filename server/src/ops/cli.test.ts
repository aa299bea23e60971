// The CLI's actor: ops_log records an address for every command line (OPS_ACTOR, else the owner
// key's address), with the shell user kept next to it; without either the command line is refused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/support/built-server.ts';
import { pgliteFolderFromTemplate } from '../../test/support/test-db.ts';
import type { Config } from '../config.ts';
import { openDb } from '../db/client.ts';
import { opsLog } from '../db/schema/index.ts';
import { opsActor } from './cli.ts';

const ANVIL_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACTOR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const local = { chainId: 31337 } as Config;
const bsc = { chainId: 56 } as Config;

describe('opsActor', () => {
  it('takes OPS_ACTOR first, checksummed, and refuses one that is not an address', () => {
    expect(opsActor(bsc, { OPS_ACTOR: ACTOR.toLowerCase() })).toBe(ACTOR);
    expect(opsActor(local, { OPS_ACTOR: ` ${ACTOR} ` })).toBe(ACTOR);
    expect(() => opsActor(local, { OPS_ACTOR: 'alice' })).toThrow(/OPS_ACTOR must be a 0x address/);
  });

  it('falls back to the owner key: DEPLOYER_KEY, or anvil account 0 on the local chain only', () => {
    const key = `0x${'11'.repeat(32)}` as const;
    expect(opsActor(bsc, { DEPLOYER_KEY: key })).toBe(privateKeyToAccount(key).address);
    expect(opsActor(local, {})).toBe(ANVIL_0);
    expect(() => opsActor(bsc, { USER: 'alice' })).toThrow(/set OPS_ACTOR=0x/);
  });
});

describe('npm run ops', () => {
  it('logs the command with the actor address and the shell user', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-actor-'));
    try {
      // a migrated database for the tool to open (else it would make and migrate one itself)
      const dbUrl = await pgliteFolderFromTemplate(join(dir, 'pglite'));
      const cli = await builtEntry('ops');
      const child = spawn(process.execPath, [cli, 'config:set', 'telegram_url', '"https://t.me/free"'], {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          DEPLOYMENT_FILE: join(dir, 'none.json'),
          // nothing can listen on port 0: the CLI's "is the server running?" check always says no
          PORT: '0',
          OPS_ACTOR: ACTOR.toLowerCase(),
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c) => {
        stderr += c;
      });
      const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
      expect(code, stderr).toBe(0);
      const db = await openDb(dbUrl, { handleSignals: false });
      try {
        const [row] = await db.db.select().from(opsLog).orderBy(desc(opsLog.id)).limit(1);
        expect(row).toMatchObject({
          command: 'config:set',
          ok: true,
          actor: ACTOR,
          shellUser: userInfo().username,
        });
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
