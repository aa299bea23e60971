// Two API processes on one database, as production runs them behind a proxy: two Fastify apps built
// the same way, each with its own connections (PGlite or PostgreSQL, like every server test), one
// database. A test of what one process does and the other must see starts here.
import type { DbHandle } from '../../src/db/client.ts';
import { closeApp, type MakeAppOptions, makeApp, type TestCtx } from '../helpers.ts';
import { openTestDb } from './test-db.ts';

export type TwoApps = {
  a: TestCtx;
  b: TestCtx;
  /** the shared database */
  db: DbHandle;
  /** closes both apps, and the database unless the caller handed it in */
  close: () => Promise<void>;
};

/**
 * Two apps on one database of `url` ('memory://' or a PostgreSQL URL): a fresh one, closed with the
 * apps, or `opts.db` (a database the file shares between several pairs; the caller closes it).
 * `onlyB` adds options of the second process alone (say, started with the developer routes).
 */
export async function twoApps(
  url: string,
  opts: MakeAppOptions = {},
  onlyB: MakeAppOptions = {},
): Promise<TwoApps> {
  const db = opts.db ?? (await openTestDb(url));
  const a = await makeApp(url, { ...opts, db });
  const b = await makeApp(url, { ...opts, ...onlyB, db });
  return {
    a,
    b,
    db,
    close: async () => {
      await closeApp({ ...a, ownsDb: false });
      await closeApp({ ...b, ownsDb: false });
      if (!opts.db) await db.close();
    },
  };
}
