// Payment cards (free pay): virtual or physical card applications and their review states,
// moved by operators (`npm run ops -- card:review <id> <state>`).
import { CARD_TRANSITIONS } from '@free/protocol/api/cards';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { cardApplications } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { openModule } from './command.ts';

export type CardState = (typeof cardApplications.$inferSelect)['state'];
export type CardKind = (typeof cardApplications.$inferSelect)['kind'];

export { CARD_TRANSITIONS };

/** A card application as stored: the phone whole (the user's own answer masks it, views/cards.ts). */
export type CardApplication = typeof cardApplications.$inferSelect;

export async function applyCard(
  handle: DbHandle,
  input: {
    userId: number;
    kind: CardKind;
    name: string;
    phone: string;
    address?: string | undefined;
    now: Date;
  },
): Promise<CardApplication> {
  await openModule(handle.db, 'cards');
  const name = input.name.trim();
  const phone = input.phone.trim();
  const address = input.address?.trim() || null;
  if (!name) throw new AppError(ErrorCode.BadRequest, 'name');
  if (!/^\+?[0-9 ()-]{5,24}$/.test(phone)) throw new AppError(ErrorCode.BadRequest, 'phone');
  if (input.kind === 'physical' && !address) throw new AppError(ErrorCode.BadRequest, 'address');
  return handle.transaction(async (tx) => {
    // one live application per kind: a rejected one may be followed by a new one
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`card:${input.userId}`}))`);
    const [live] = await tx
      .select({ id: cardApplications.id })
      .from(cardApplications)
      .where(
        and(
          eq(cardApplications.userId, input.userId),
          eq(cardApplications.kind, input.kind),
          inArray(cardApplications.state, ['submitted', 'reviewed', 'issued']),
        ),
      );
    if (live) throw new AppError(ErrorCode.Conflict, 'kind', 'application exists');
    const [c] = await tx
      .insert(cardApplications)
      .values({
        userId: input.userId,
        kind: input.kind,
        name,
        phone,
        address: input.kind === 'physical' ? address : null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!c) throw new Error('card insert returned nothing');
    return c;
  });
}

/** Operator review: moves along CARD_TRANSITIONS, refused otherwise with Conflict. */
export async function reviewCard(
  tx: Tx,
  id: number,
  to: CardState,
  now: Date,
  note?: string,
): Promise<CardApplication> {
  const [c] = await tx.select().from(cardApplications).where(eq(cardApplications.id, id)).for('update');
  if (!c) throw new AppError(ErrorCode.NotFound, 'id');
  if (!CARD_TRANSITIONS[c.state].includes(to))
    throw new AppError(ErrorCode.Conflict, 'state', `${c.state} → ${to}`);
  const [moved] = await tx
    .update(cardApplications)
    .set({ state: to, updatedAt: now, ...(note !== undefined ? { note } : {}) })
    .where(eq(cardApplications.id, id))
    .returning();
  if (!moved) throw new Error('card update returned nothing');
  return moved;
}

/** Every user's applications, newest first (at most 200), optionally in one state (operator console). */
export async function cardApplicationsIn(
  db: Executor,
  state: CardState | undefined,
): Promise<CardApplication[]> {
  return db
    .select()
    .from(cardApplications)
    .where(state ? eq(cardApplications.state, state) : undefined)
    .orderBy(desc(cardApplications.id))
    .limit(200);
}

export async function cardsOf(db: Executor, userId: number): Promise<{ list: CardApplication[] }> {
  const rows = await db
    .select()
    .from(cardApplications)
    .where(eq(cardApplications.userId, userId))
    .orderBy(desc(cardApplications.id))
    .limit(100);
  return { list: rows };
}
