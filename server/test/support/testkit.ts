// Test fixtures of the product modules: the app with a hand-moved FREE price, module switches,
// balances credited through the ledger, and a table snapshot to prove refusals change nothing.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { type DbHandle, rowsOf } from '../../src/db/client.ts';
import { encodePrice } from '../../src/lib/twap.ts';
import type { OracleSource, PriceSource } from '../../src/services/quotes.ts';
import { makeApp, snapshot, type TestCtx, TREASURY } from '../helpers.ts';

/** One way to fund a test user (from system:adjust), shared with the staking fixtures. */
export { fund } from './staking-orders-fixtures.ts';
export { U };

/**
 * A price the test moves by hand (USDT per FREE, 1e18), and the cumulative price a V2 pair would
 * have kept of it: a new price counts from the moment (on `clock`) it is set.
 */
export class TestPrice {
  #value: bigint;
  #cumulative = 0n;
  #since: number | null = null;
  clock: () => Date = () => new Date();
  constructor(value = U / 2n) {
    this.#value = value;
  }
  get value(): bigint {
    return this.#value;
  }
  set value(next: bigint) {
    this.#accrue(this.clock());
    this.#value = next;
  }
  #accrue(now: Date) {
    const seconds = Math.floor(now.getTime() / 1000);
    // the UQ112x112 price a pair with these reserves would add per second
    if (this.#since !== null) this.#cumulative += encodePrice(this.#value, U) * BigInt(seconds - this.#since);
    this.#since = seconds;
  }
  source: PriceSource = async () => this.#value;
  oracle: OracleSource = async (now) => {
    this.#accrue(now);
    return { cumulative: this.#cumulative, timestamp: this.#since ?? 0, spot: this.#value };
  };
}

export type ProductTestCtx = TestCtx & { price: TestPrice };

export async function makeProductApp(
  url = 'memory://',
  config?: NonNullable<Parameters<typeof makeApp>[1]>['config'],
): Promise<ProductTestCtx> {
  const price = new TestPrice();
  const t = await makeApp(url, {
    ...(config ? { config } : {}),
    chain: {
      paymentTerms: async () => ({ treasury: TREASURY, burnBps: 200n, executorRewardBps: 10n }),
      freePrice: price.source,
    },
  });
  price.clock = t.clock.get;
  return { ...t, price };
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
