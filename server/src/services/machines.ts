// Mining machines: a catalogue, purchase with the wallet balance, and the hashrate a purchase
// grants for the machine's days (rows of hashrate_grants, which the hashrate endpoint sums).
import { DAY_MS } from '@free/protocol/constants';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { hashrateGrants, machineOrders, machines } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { type InLanguage, inLanguage, localized } from '../lib/localized.ts';
import { defineCommand } from './command.ts';
import { machineGrant } from './hashrate.ts';
import { type Asset, requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';

/** A catalogue machine as stored, with its name and description in the asker's language. */
export type Machine = InLanguage<typeof machines.$inferSelect>;

export type MachineInput = {
  code: string;
  name: Record<string, string>;
  description: Record<string, string>;
  image?: string | null;
  asset: Asset;
  price: bigint;
  hashrate: bigint;
  days: number;
  stock?: number | null;
  sort?: number;
};

/** Adds or updates a catalogue entry by code (ops and seed). */
export async function upsertMachine(db: Executor, m: MachineInput): Promise<number> {
  const values = { ...m, image: m.image ?? null, stock: m.stock ?? null, sort: m.sort ?? 0 };
  const [row] = await db
    .insert(machines)
    .values(values)
    .onConflictDoUpdate({ target: machines.code, set: values })
    .returning({ id: machines.id });
  if (!row) throw new Error('machine upsert returned nothing');
  return row.id;
}

/** Sets a machine's stock (null: unlimited); false when no machine has that code. */
export async function setMachineStock(db: Executor, code: string, stock: number | null): Promise<boolean> {
  const rows = await db
    .update(machines)
    .set({ stock })
    .where(eq(machines.code, code))
    .returning({ id: machines.id });
  return rows.length > 0;
}

export type StoredMachine = typeof machines.$inferSelect;

/** The whole catalogue, withdrawn machines too, in the order shown (operator console). */
export async function catalogueMachines(db: Executor): Promise<StoredMachine[]> {
  return db.select().from(machines).orderBy(asc(machines.sort), asc(machines.id));
}

export async function listMachines(db: Executor, lang: string): Promise<Machine[]> {
  const rows = await db
    .select()
    .from(machines)
    .where(eq(machines.active, true))
    .orderBy(asc(machines.sort), asc(machines.id));
  return rows.map((m) => inLanguage(m, lang));
}

/** One active machine, or null (unknown or withdrawn: the page shows that it is not there). */
export async function machineDetail(db: Executor, id: number, lang: string): Promise<Machine | null> {
  const [m] = await db
    .select()
    .from(machines)
    .where(and(eq(machines.id, id), eq(machines.active, true)));
  return m ? inLanguage(m, lang) : null;
}

/** A machine order as stored, with its machine's name in the asker's language. */
export type MachineOrder = typeof machineOrders.$inferSelect & { name: string };

export const buyMachine = defineCommand(
  (input: {
    userId: number;
    machineId: number;
    idempotencyKey?: string | undefined;
    now: Date;
    lang: string;
  }) => ({
    module: 'machines',
    userId: input.userId,
    route: 'machine/buy',
    idempotencyKey: input.idempotencyKey,
    content: () => ({ id: input.machineId }),
    run: async (tx): Promise<MachineOrder> => {
      const [m] = await tx
        .select()
        .from(machines)
        .where(and(eq(machines.id, input.machineId), eq(machines.active, true)))
        .for('update');
      if (!m) throw new AppError(ErrorCode.NotFound, 'id');
      if (m.stock !== null && m.stock <= 0) throw new AppError(ErrorCode.Conflict, 'id', 'sold out');
      const asset = m.asset;
      await requireWallet(tx, input.userId, asset, m.price, 'id');
      if (m.stock !== null)
        await tx
          .update(machines)
          .set({ stock: m.stock - 1 })
          .where(eq(machines.id, m.id));
      const endsAt = new Date(input.now.getTime() + m.days * DAY_MS);
      const [o] = await tx
        .insert(machineOrders)
        .values({
          userId: input.userId,
          machineId: m.id,
          asset,
          price: m.price,
          hashrate: m.hashrate,
          startsAt: input.now,
          endsAt,
          createdAt: input.now,
        })
        .returning();
      if (!o) throw new Error('machine order insert returned nothing');
      await transfer(tx, {
        key: `machine_buy:${o.id}`,
        from: userAccount(input.userId),
        to: systemAccount('fees'),
        asset,
        amount: m.price,
        kind: 'machine_buy',
        ref: `machine_order:${o.id}`,
      });
      await tx.insert(hashrateGrants).values({
        userId: input.userId,
        source: 'machine',
        ref: `machine_order:${o.id}`,
        amount: machineGrant(m.hashrate),
        startsAt: input.now,
        endsAt,
      });
      return { ...o, name: localized(m.name, input.lang) };
    },
  }),
);

/** Hashrate a user holds now from every grant (machines, …), in grant units (H/s, 1e18 fixed point). */
export async function activeHashrate(db: Executor, userId: number, now: Date): Promise<bigint> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${hashrateGrants.amount}), 0)::text` })
    .from(hashrateGrants)
    .where(
      and(
        eq(hashrateGrants.userId, userId),
        lte(hashrateGrants.startsAt, now),
        gt(hashrateGrants.endsAt, now),
      ),
    );
  return BigInt(r?.s ?? '0');
}

/** A page of the user's machine orders, newest first, and the hashrate they hold now (grant units). */
export async function myMachines(
  db: Executor,
  userId: number,
  now: Date,
  lang: string,
  page: number,
  size: number,
): Promise<{ hashrate: bigint; list: MachineOrder[]; total: number; page: number; size: number }> {
  const rows = await db
    .select({ o: machineOrders, name: machines.name })
    .from(machineOrders)
    .innerJoin(machines, eq(machines.id, machineOrders.machineId))
    .where(eq(machineOrders.userId, userId))
    .orderBy(desc(machineOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, machineOrders, eq(machineOrders.userId, userId));
  return {
    hashrate: await activeHashrate(db, userId, now),
    list: rows.map((r) => ({ ...r.o, name: localized(r.name, lang) })),
    total: count,
    page,
    size,
  };
}
