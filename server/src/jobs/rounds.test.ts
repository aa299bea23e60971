// The product jobs as the server runs them: they take their lock, work, and stop cleanly.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb, TestClock, testConfig } from '../../test/helpers.ts';
import type { DbHandle } from '../db/client.ts';
import { predictionRounds, quotes } from '../db/schema/index.ts';
import { startProductJobs } from './index.ts';
import { startRoundsJob } from './rounds.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let db: DbHandle;

    beforeAll(async () => {
      db = await openTestDb(backend.url);
    });
    afterAll(async () => {
      await db?.close();
    });

    /** Polls `check` until it holds (the job runs on its own timer); the minute only ends a hung test. */
    async function until(check: () => Promise<boolean>): Promise<void> {
      for (const end = performance.now() + 60_000; performance.now() < end; ) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('condition never held');
    }

    describe('product jobs', () => {
      it('the rounds job opens the current round at the injected price and stops', async () => {
        const clock = new TestClock();
        const jobs = startRoundsJob({
          config: testConfig(),
          db,
          oracle: async (now) => ({
            cumulative: 0n,
            timestamp: Math.floor(now.getTime() / 1000),
            spot: U / 4n,
          }),
          clock: clock.get,
          intervalMs: 10,
        });
        await until(async () => (await db.db.select().from(predictionRounds)).length > 0);
        await jobs.stop();
        const [r] = await db.db.select().from(predictionRounds);
        expect(r).toMatchObject({ openPrice: U / 4n, state: 'open', issue: '20261120120000' });
      });

      it('startProductJobs runs rounds, quotes, HLB accrual and settlement together', async () => {
        const clock = new TestClock(new Date('2026-11-20T12:05:00.000Z'));
        const jobs = startProductJobs({
          config: testConfig(),
          db,
          price: async () => U / 2n,
          oracle: async (now) => ({
            cumulative: 0n,
            timestamp: Math.floor(now.getTime() / 1000),
            spot: U / 2n,
          }),
          clock: clock.get,
          intervalMs: 10,
        });
        await until(async () => (await db.db.select().from(quotes)).length >= 2);
        await until(async () => (await db.db.select().from(predictionRounds)).length >= 2);
        await jobs.stop();
        const q = await db.db.select().from(quotes);
        expect(q.find((x) => x.symbol === 'FREE')?.price).toBe(U / 2n);
      });

      it('does nothing without a deployment and a price', async () => {
        const before = (await db.db.select().from(predictionRounds)).length;
        const jobs = startRoundsJob({ config: testConfig({ deployment: null }), db });
        await jobs.stop();
        expect((await db.db.select().from(predictionRounds)).length).toBe(before);
      });
    });
  });
}
