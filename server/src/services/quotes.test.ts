// Quotes: DEX and configured prices, manual symbols, snapshots and the 24 h change.
import { DAY_MS } from '@free/protocol/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, BASE_HEADERS } from '../../test/helpers.ts';
import { makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { changePercent, refreshQuotes, setQuote } from './quotes.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    const quotes = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/common/quotes', headers: BASE_HEADERS })).json().data
        .list as {
        symbol: string;
        price: string;
        change24h: string;
        source: string;
      }[];

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    describe('quotes', () => {
      it('computes the percent change with two decimals, toward zero', () => {
        expect(changePercent(100n, 125n)).toBe('25.00');
        expect(changePercent(3n * U, 2n * U)).toBe('-33.33');
        expect(changePercent(0n, 5n)).toBe('0.00');
        expect(changePercent(10_000n, 9_999n)).toBe('-0.01');
        expect(changePercent(100_000n, 99_999n)).toBe('0.00');
      });

      it('takes FREE from the DEX, FCC from config without a pair, others from ops; 24 h change from snapshots', async () => {
        t.price.value = U / 2n;
        await setQuote(t.db.db, {
          symbol: 'btc',
          name: 'Bitcoin',
          price: 60_000n * U,
          source: 'manual',
          now: t.clock.get(),
        });
        const r = await refreshQuotes(t.db.db, { free: t.price.source }, t.clock.get());
        expect(r).toEqual({ snapshots: 3, errors: [] });
        expect(await quotes()).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ symbol: 'FREE', price: '0.5', change24h: '0.00', source: 'dex' }),
            expect.objectContaining({ symbol: 'FCC', price: '0.1', source: 'config' }),
            expect.objectContaining({ symbol: 'BTC', price: '60000', source: 'manual' }),
          ]),
        );
        // within the snapshot interval nothing new is stored
        t.clock.advance(60_000);
        expect((await refreshQuotes(t.db.db, { free: t.price.source }, t.clock.get())).snapshots).toBe(0);
        t.clock.advance(DAY_MS);
        t.price.value = (U * 6n) / 10n;
        await setQuote(t.db.db, { symbol: 'BTC', price: 57_000n * U, source: 'manual', now: t.clock.get() });
        const broken = async () => {
          throw new Error('rpc down');
        };
        // the chain failing keeps the last FREE price
        expect((await refreshQuotes(t.db.db, { free: broken }, t.clock.get())).errors).toHaveLength(1);
        await refreshQuotes(t.db.db, { free: t.price.source }, t.clock.get());
        expect((await quotes()).map((x) => x.symbol)).toEqual(['FREE', 'FCC', 'BTC']);
        const q = Object.fromEntries((await quotes()).map((x) => [x.symbol, x]));
        expect(q.FREE).toMatchObject({ price: '0.6', change24h: '20.00' });
        expect(q.BTC).toMatchObject({ price: '57000', change24h: '-5.00' });
        expect(q.FCC?.change24h).toBe('0.00');
      });
    });
  });
}
