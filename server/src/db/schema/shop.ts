// Shop products and orders.
import { SHOP_ORDER_STATES } from '@free/protocol/api/shop';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { assetColumn, createdAt, ts, updatedAt, wei } from './_columns.ts';
import { users } from './users.ts';

export const shopProducts = pgTable('shop_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: jsonb('name').notNull(),
  description: jsonb('description').notNull(),
  image: text('image'),
  asset: assetColumn().notNull(),
  /** price of one share */
  price: wei('price').notNull(),
  stock: integer('stock'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

// protocol's list (its SHOP_TRANSITIONS moves them)
export { SHOP_ORDER_STATES };

export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id),
    quantity: integer('quantity').notNull(),
    asset: assetColumn().notNull(),
    unitPrice: wei('unit_price').notNull(),
    total: wei('total').notNull(),
    state: text('state', { enum: SHOP_ORDER_STATES }).notNull().default('ordered'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_orders_user_idx').on(t.userId, t.id),
    check('shop_orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
