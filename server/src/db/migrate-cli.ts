// `npm run migrate`: applies the pending migrations of server/drizzle to DATABASE_URL (or
// DATABASE_URL_FILE), a deploy step of its own before the new release starts (docs/deploy.md
// "Upgrade"); with NODE_ENV=production nothing else migrates. Under the migrations' advisory lock,
// each migration in its own transaction with a lock_timeout: behind a long transaction of the live
// release it gives up (exit 1, the migrations before it applied) instead of stalling every query
// queued behind its table lock. Exit 1 too when the database is newer than this code.
import { pathToFileURL } from 'node:url';
import { ConfigError, withSecretFiles } from '../config.ts';
import { applyMigrations, LOCK_NOT_AVAILABLE, migrationStatus, openDb } from './client.ts';

/** MIGRATE_LOCK_TIMEOUT_MS: how long one migration waits for a lock (default 5 s). */
const DEFAULT_LOCK_TIMEOUT_MS = 5_000;

export async function migrateCommand(
  env: NodeJS.ProcessEnv = process.env,
  log = console.log,
): Promise<number> {
  const settings = withSecretFiles(env);
  const url = settings.DATABASE_URL;
  const lockTimeoutMs = Number(settings.MIGRATE_LOCK_TIMEOUT_MS ?? DEFAULT_LOCK_TIMEOUT_MS);
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 1)
    throw new ConfigError('MIGRATE_LOCK_TIMEOUT_MS: must be a whole number of milliseconds, at least 1');
  const db = await openDb(url, { migrations: 'none', poolSize: 1, handleSignals: false });
  try {
    const before = await migrationStatus(db);
    if (before.unknown.length > 0) {
      log(
        `migrate: the database has migrations this code does not know (${before.unknown.join(', ')}): it is newer than this release; nothing applied`,
      );
      return 1;
    }
    if (before.pending.length === 0) {
      log('migrate: the database is up to date, nothing to apply');
      return 0;
    }
    log(`migrate: ${before.pending.length} pending: ${before.pending.join(', ')}`);
    try {
      const applied = await applyMigrations(db, { lockTimeoutMs });
      log(
        `migrate: applied ${applied.length === 0 ? 'none (another run applied them)' : applied.join(', ')}`,
      );
      return 0;
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code !== LOCK_NOT_AVAILABLE) throw err;
      const left = await migrationStatus(db);
      log(
        `migrate: gave up waiting ${lockTimeoutMs} ms for a lock (another migrate, or a long transaction on a table it changes); still pending: ${left.pending.join(', ')}. Run it again.`,
      );
      return 1;
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  migrateCommand().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`migrate: ${err instanceof ConfigError ? err.message : (err.stack ?? err)}`);
      process.exit(1);
    },
  );
}
