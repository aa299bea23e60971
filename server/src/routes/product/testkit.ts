// Test fixtures of the product modules: the app with a hand-moved FREE price, module switches,
// balances credited through the ledger, and a table snapshot to prove refusals change nothing.
import { sql } from 'drizzle-orm';
import { makeApp, snapshot, type TestCtx, TREASURY } from '../../../test/helpers.ts';
import { type DbHandle, rowsOf } from '../../db/client.ts';
import { type Asset, systemAccount, transfer, userAccount } from '../../services/ledger.ts';
import type { PriceSource } from '../../services/quotes.ts';

export const U = 10n ** 18n;

/** A price source the test moves by hand (USDT per FREE, 1e18). */
export class TestPrice {
  constructor(public value = U / 2n) {}
  source: PriceSource = async () => this.value;
}

export type ProductTestCtx = TestCtx & { price: TestPrice };

export async function makeProductApp(url = 'memory://'): Promise<ProductTestCtx> {
  const price = new TestPrice();
  const t = await makeApp(url, {
    chain: {
      paymentTerms: async () => ({ treasury: TREASURY, burnBps: 200n, executorRewardBps: 10n }),
      freePrice: price.source,
    },
  });
  return { ...t, price };
}

let fundSeq = 0;
export async function fund(db: DbHandle, userId: number, asset: Asset, amount: bigint): Promise<void> {
  fundSeq += 1;
  await db.transaction((tx) =>
    transfer(tx, {
      key: `test_fund:${userId}:${asset}:${fundSeq}:${Date.now()}`,
      from: systemAccount('adjust'),
      to: userAccount(userId),
      asset,
      amount,
      kind: 'adjust',
    }),
  );
}

const PRODUCT_TABLES = [
  'contributions',
  'pool_orders',
  'prediction_rounds',
  'round_bets',
  'hlb_orders',
  'machine_orders',
  'hashrate_grants',
  'shop_orders',
  'card_applications',
];

/** Row counts of core and product tables, the sum of balances, and the machine/product stock. */
export async function fullSnapshot(db: DbHandle): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = { ...(await snapshot(db)) };
  for (const t of PRODUCT_TABLES) {
    const [r] = rowsOf<{ n: string | number }>(
      await db.db.execute(sql.raw(`SELECT count(*) AS n FROM "${t}"`)),
    );
    out[t] = Number(r?.n ?? 0);
  }
  const [b] = rowsOf<{ s: string }>(
    await db.db.execute(
      sql`SELECT string_agg(coalesce(user_id, 0) || account || asset || amount::text, ',' ORDER BY id) AS s FROM balances`,
    ),
  );
  out.balances = b?.s ?? '';
  const [s] = rowsOf<{ s: string }>(
    await db.db.execute(sql`SELECT (SELECT coalesce(string_agg(id || ':' || coalesce(stock, -1), ','), '') FROM machines)
      || '/' || (SELECT coalesce(string_agg(id || ':' || coalesce(stock, -1), ','), '') FROM shop_products) AS s`),
  );
  out.stock = s?.s ?? '';
  return out;
}
