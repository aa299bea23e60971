// Shop: products priced per share, orders paid from the wallet balance at once, then moved by
// operators (shipped, completed) or cancelled with a refund; FCC records from the ledger.
import { SHOP_TRANSITIONS, sharesProblem } from '@free/protocol/shop';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { ledgerEntries, shopOrders, shopProducts, users } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { type InLanguage, inLanguage, localized } from '../lib/localized.ts';
import { defineCommand } from './command.ts';
import { type Asset, entriesOf, requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';

export { SHOP_TRANSITIONS };

type ShopState = (typeof shopOrders.$inferSelect)['state'];

/** A product as stored, with its name and description in the asker's language. */
export type Product = InLanguage<typeof shopProducts.$inferSelect>;

export type ProductInput = {
  code: string;
  name: Record<string, string>;
  description: Record<string, string>;
  image?: string | null;
  asset: Asset;
  price: bigint;
  stock?: number | null;
  sort?: number;
};

export async function upsertProduct(db: Executor, p: ProductInput): Promise<number> {
  const values = { ...p, image: p.image ?? null, stock: p.stock ?? null, sort: p.sort ?? 0 };
  const [row] = await db
    .insert(shopProducts)
    .values(values)
    .onConflictDoUpdate({ target: shopProducts.code, set: values })
    .returning({ id: shopProducts.id });
  if (!row) throw new Error('product upsert returned nothing');
  return row.id;
}

/** Sets a product's stock (null: unlimited); false when no product has that code. */
export async function setProductStock(db: Executor, code: string, stock: number | null): Promise<boolean> {
  const rows = await db
    .update(shopProducts)
    .set({ stock })
    .where(eq(shopProducts.code, code))
    .returning({ id: shopProducts.id });
  return rows.length > 0;
}

export type StoredProduct = typeof shopProducts.$inferSelect;

/** The whole catalogue, withdrawn products too, in the order shown (operator console). */
export async function catalogueProducts(db: Executor): Promise<StoredProduct[]> {
  return db.select().from(shopProducts).orderBy(asc(shopProducts.sort), asc(shopProducts.id));
}

export async function listProducts(db: Executor, lang: string): Promise<Product[]> {
  const rows = await db
    .select()
    .from(shopProducts)
    .where(eq(shopProducts.active, true))
    .orderBy(asc(shopProducts.sort), asc(shopProducts.id));
  return rows.map((p): Product => inLanguage(p, lang));
}

/** One active product, or null (unknown or withdrawn from sale: the page shows that it is not there). */
export async function productDetail(db: Executor, id: number, lang: string): Promise<Product | null> {
  const [p] = await db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.id, id), eq(shopProducts.active, true)));
  return p ? inLanguage(p, lang) : null;
}

type OrderRow = typeof shopOrders.$inferSelect;
/** A shop order as stored, with its product's name in the asker's language. */
export type ShopOrder = OrderRow & { name: string };
/** A shop order with its buyer, for the operator (address as stored, lowercase). */
export type ShopOrderOfBuyer = ShopOrder & { address: string };

export const placeOrder = defineCommand(
  (input: {
    userId: number;
    productId: number;
    quantity: number;
    idempotencyKey?: string | undefined;
    now: Date;
    lang: string;
  }) => ({
    module: 'shop',
    userId: input.userId,
    route: 'shop/order',
    idempotencyKey: input.idempotencyKey,
    parse: () => {
      const problem = sharesProblem(input.quantity);
      if (problem === 'empty') throw new AppError(ErrorCode.EnterShares, 'quantity');
      if (problem === 'max') throw new AppError(ErrorCode.AboveMaximum, 'quantity');
    },
    content: () => ({ productId: input.productId, quantity: input.quantity }),
    run: async (tx): Promise<ShopOrder> => {
      const [p] = await tx
        .select()
        .from(shopProducts)
        .where(and(eq(shopProducts.id, input.productId), eq(shopProducts.active, true)))
        .for('update');
      if (!p) throw new AppError(ErrorCode.NotFound, 'productId');
      if (p.stock !== null && p.stock < input.quantity)
        throw new AppError(ErrorCode.Conflict, 'quantity', 'stock');
      const asset = p.asset;
      const total = p.price * BigInt(input.quantity);
      await requireWallet(tx, input.userId, asset, total, 'quantity');
      if (p.stock !== null)
        await tx
          .update(shopProducts)
          .set({ stock: p.stock - input.quantity })
          .where(eq(shopProducts.id, p.id));
      const [o] = await tx
        .insert(shopOrders)
        .values({
          userId: input.userId,
          productId: p.id,
          quantity: input.quantity,
          asset,
          unitPrice: p.price,
          total,
          state: 'ordered',
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!o) throw new Error('shop order insert returned nothing');
      await transfer(tx, {
        key: `shop_pay:${o.id}`,
        from: userAccount(input.userId),
        to: systemAccount('fees'),
        asset,
        amount: total,
        kind: 'shop_pay',
        ref: `shop_order:${o.id}`,
      });
      const paid = await moveShopOrder(tx, o.id, 'paid', input.now);
      return { ...paid, name: localized(p.name, input.lang) };
    },
  }),
);

/**
 * Moves an order along SHOP_TRANSITIONS (refused otherwise with Conflict). Cancelling a paid order
 * refunds it and puts the shares back in stock.
 */
export async function moveShopOrder(
  tx: Tx,
  orderId: number,
  to: ShopState,
  now: Date,
  userId?: number,
): Promise<OrderRow> {
  const [o] = await tx
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, orderId), userId === undefined ? undefined : eq(shopOrders.userId, userId)))
    .for('update');
  if (!o) throw new AppError(ErrorCode.NotFound, 'orderId');
  if (!SHOP_TRANSITIONS[o.state].includes(to))
    throw new AppError(ErrorCode.Conflict, 'state', `${o.state} → ${to}`);
  if (to === 'cancelled') {
    if (o.state === 'paid') {
      await transfer(tx, {
        key: `shop_refund:${o.id}`,
        from: systemAccount('fees'),
        to: userAccount(o.userId),
        asset: o.asset,
        amount: o.total,
        kind: 'shop_refund',
        ref: `shop_order:${o.id}`,
      });
    }
    await tx
      .update(shopProducts)
      .set({ stock: sql`${shopProducts.stock} + ${o.quantity}` })
      .where(and(eq(shopProducts.id, o.productId), sql`${shopProducts.stock} IS NOT NULL`));
  }
  const stamp =
    to === 'paid'
      ? { paidAt: now }
      : to === 'shipped'
        ? { shippedAt: now }
        : to === 'completed'
          ? { completedAt: now }
          : to === 'cancelled'
            ? { cancelledAt: now }
            : {};
  const [moved] = await tx
    .update(shopOrders)
    .set({ state: to, updatedAt: now, ...stamp })
    .where(eq(shopOrders.id, o.id))
    .returning();
  if (!moved) throw new Error('shop order update returned nothing');
  return moved;
}

/** The user cancels an order not shipped yet (refunded when paid). */
export const cancelOrder = defineCommand(
  (input: {
    userId: number;
    orderId: number;
    idempotencyKey?: string | undefined;
    now: Date;
    lang: string;
  }) => ({
    module: 'shop',
    exit: true,
    userId: input.userId,
    route: 'shop/cancel',
    idempotencyKey: input.idempotencyKey,
    content: () => ({ orderId: input.orderId }),
    run: async (tx): Promise<ShopOrder> => {
      const o = await moveShopOrder(tx, input.orderId, 'cancelled', input.now, input.userId);
      const [p] = await tx
        .select({ name: shopProducts.name })
        .from(shopProducts)
        .where(eq(shopProducts.id, o.productId));
      return { ...o, name: localized(p?.name, input.lang) };
    },
  }),
);

/** A page of the user's shop orders, newest first. */
export async function shopOrdersOf(db: Executor, userId: number, lang: string, page: number, size: number) {
  const rows = await db
    .select({ o: shopOrders, name: shopProducts.name })
    .from(shopOrders)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrders.productId))
    .where(eq(shopOrders.userId, userId))
    .orderBy(desc(shopOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, shopOrders, eq(shopOrders.userId, userId));
  return {
    list: rows.map((r): ShopOrder => ({ ...r.o, name: localized(r.name, lang) })),
    total: count,
    page,
    size,
  };
}

/** Every user's orders for the operator, newest first, optionally of one state, with the buyer. */
export async function listShopOrders(
  db: Executor,
  q: { state?: ShopState | undefined; page: number; size: number; lang: string },
) {
  const where = q.state ? eq(shopOrders.state, q.state) : undefined;
  const rows = await db
    .select({ o: shopOrders, name: shopProducts.name, address: users.address })
    .from(shopOrders)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrders.productId))
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .where(where)
    .orderBy(desc(shopOrders.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(
      (r): ShopOrderOfBuyer => ({ ...r.o, name: localized(r.name, q.lang), address: r.address }),
    ),
    total: await countRows(db, shopOrders, where),
    page: q.page,
    size: q.size,
  };
}

/**
 * FCC records: every ledger entry of the user in FCC (signed amount: + in, − out). A user holds few
 * FCC movements, so this list keeps its total.
 */
export async function fccRecords(db: Executor, userId: number, page: number, size: number) {
  const { list } = await entriesOf(db, userId, { asset: 'FCC' }, page, size);
  const total = await countRows(
    db,
    ledgerEntries,
    and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.asset, 'FCC')),
  );
  return { list, total, page, size };
}
