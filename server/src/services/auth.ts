// Sign-In with Ethereum (EIP-4361) and opaque bearer sessions (docs/business-rules.md "Sign-in and sessions").

import { createHash, randomBytes } from 'node:crypto';
import { MAX_SIGNATURE_BYTES } from '@free/protocol/api/common';
import { DAY_MS, SESSION_TTL_MS, SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { isSiweFormatError, parseSiweMessage } from '@free/protocol/siwe';
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { type Address, type Hex, type PublicClient, recoverMessageAddress } from 'viem';
import type { DbHandle, Executor } from '../db/client.ts';
import { nonces, sessions, users } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { notifyRevoked } from './events.ts';
import { cachedSession, forgetSession, forgetUser, rememberSession } from './session-cache.ts';
import { bindInviter, TeamError } from './team.ts';

export { SESSION_TTL_MS };

export const NONCE_TTL_MS = SIWE_NONCE_TTL_MS;
/** A SIWE message issued longer ago than this is refused even if it carries no expiry. */
export const MESSAGE_MAX_AGE_MS = 10 * 60_000;
/** Clock skew tolerated for a message issued "in the future". */
export const CLOCK_SKEW_MS = 60_000;
/** Default idle limit (config SESSION_IDLE_HOURS). */
export const SESSION_IDLE_MS = 72 * 3_600_000;
/** last_used_at is written at most this often per session (not on every request). */
export const SESSION_TOUCH_MS = 60_000;
const DEVICE_MAX_CHARS = 200;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export type SessionUserRow = typeof users.$inferSelect;

export async function issueNonce(
  db: Executor,
  address: string,
  now: Date,
): Promise<{ nonce: string; expiresAt: Date }> {
  // crypto-random (viem's generateSiweNonce uses Math.random); alphanumeric as EIP-4361 requires
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.insert(nonces).values({ nonce, address: address.toLowerCase(), expiresAt, createdAt: now });
  // housekeeping: forget nonces long expired (cheap, indexed)
  await db.delete(nonces).where(lt(nonces.expiresAt, new Date(now.getTime() - DAY_MS)));
  return { nonce, expiresAt };
}

export type LoginInput = {
  message: string;
  signature: Hex;
  inviter?: string | undefined;
  /** the User-Agent header, kept so the session list can name the device */
  device?: string | undefined;
};
export type LoginContext = {
  db: DbHandle;
  chainId: number;
  domains: string[];
  now: Date;
  /** for EIP-1271 / EIP-6492 contract wallets, tried only when local recovery fails */
  publicClient?: PublicClient | undefined;
};

const siweError = (detail: string) => new AppError(ErrorCode.SiweInvalid, 'message', detail);

/** The address and nonce of a message that is valid EIP-4361; throws SiweInvalid otherwise. */
export function parseSignInMessage(message: string) {
  const m = parseSiweMessage(message);
  if (isSiweFormatError(m)) throw siweError(`${m.problem} (line ${m.line})`);
  return m;
}

/**
 * Checks what the message says against this server and its clock; throws AppError on the first
 * problem. A wrong domain or chain has a code of its own: the user can act on it (another site
 * asked for the signature, or the wallet is on another network).
 */
export function checkSiweMessage(
  m: ReturnType<typeof parseSignInMessage>,
  ctx: Pick<LoginContext, 'chainId' | 'domains' | 'now'>,
) {
  if (!ctx.domains.includes(m.domain)) {
    throw new AppError(ErrorCode.SiweWrongDomain, 'message', `domain ${m.domain}`);
  }
  if (m.chainId !== ctx.chainId)
    throw new AppError(ErrorCode.SiweWrongChain, 'message', `chainId ${m.chainId}`);
  const now = ctx.now.getTime();
  const issued = m.issuedAt.getTime();
  if (issued > now + CLOCK_SKEW_MS) throw siweError('issuedAt in the future');
  if (issued < now - MESSAGE_MAX_AGE_MS) throw siweError('issuedAt too old');
  if (m.expirationTime && m.expirationTime.getTime() <= now) throw siweError('expired');
  if (m.notBefore && m.notBefore.getTime() > now + CLOCK_SKEW_MS) throw siweError('not yet valid');
}

/**
 * A plain wallet's signature is checked locally and costs nothing; only a signature that does not
 * recover to the address (a contract wallet's ERC-1271 / ERC-6492 one) is asked of the chain.
 */
async function verifySignature(
  address: Address,
  message: string,
  signature: Hex,
  client?: PublicClient,
): Promise<boolean> {
  try {
    const recovered = await recoverMessageAddress({ message, signature });
    if (recovered.toLowerCase() === address.toLowerCase()) return true;
  } catch {
    // not a plain 65-byte ECDSA signature: maybe a contract wallet
  }
  if (!client || signature.length > 2 + 2 * MAX_SIGNATURE_BYTES) return false;
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/** A nonce that exists, was issued to this address, is unused and not expired. */
const liveNonce = (nonce: string, lowerAddress: string, now: Date) =>
  and(
    eq(nonces.nonce, nonce),
    eq(nonces.address, lowerAddress),
    isNull(nonces.usedAt),
    gt(nonces.expiresAt, now),
  );

export type LoginResult = {
  token: string;
  expiresAt: Date;
  user: SessionUserRow;
  inviterAddress: string | null;
};

export async function login(input: LoginInput, ctx: LoginContext): Promise<LoginResult> {
  const m = parseSignInMessage(input.message);
  const address = m.address;
  const lower = address.toLowerCase();
  const inviterLower = input.inviter?.toLowerCase();
  if (inviterLower && inviterLower === lower) throw new AppError(ErrorCode.InviterInvalid, 'inviter', 'self');
  // One nonce, one attempt: a message naming a live nonce of its address uses it up before
  // anything else is checked, in a statement of its own that stays done whatever fails next. So a
  // failed attempt cannot be retried with the same nonce, and each bogus contract-wallet signature
  // (an eth_call) costs the caller a fresh nonce.
  const consumed = await ctx.db.db
    .update(nonces)
    .set({ usedAt: ctx.now })
    .where(liveNonce(m.nonce, lower, ctx.now))
    .returning({ nonce: nonces.nonce });
  checkSiweMessage(m, ctx);
  if (consumed.length === 0) throw new AppError(ErrorCode.NonceInvalid, 'message', 'nonce');
  if (!(await verifySignature(address, input.message, input.signature, ctx.publicClient))) {
    throw new AppError(ErrorCode.BadSignature, 'signature');
  }

  return ctx.db.transaction(async (tx) => {
    await tx.insert(users).values({ address: lower, createdAt: ctx.now }).onConflictDoNothing();
    const [found] = await tx.select().from(users).where(eq(users.address, lower)).for('update');
    if (!found) throw new Error('user vanished');
    let user = found;

    let inviterAddress: string | null = null;
    if (user.inviterId === null && inviterLower) {
      const [inviter] = await tx.select().from(users).where(eq(users.address, inviterLower));
      if (!inviter) throw new AppError(ErrorCode.InviterInvalid, 'inviter', 'unknown inviter');
      try {
        await bindInviter(tx, user.id, inviter.id, ctx.now);
      } catch (err) {
        if (err instanceof TeamError) throw new AppError(ErrorCode.InviterInvalid, 'inviter', err.reason);
        throw err;
      }
      const [updated] = await tx
        .update(users)
        .set({ inviterId: inviter.id })
        .where(eq(users.id, user.id))
        .returning();
      if (updated) user = updated;
    }
    if (user.inviterId !== null && inviterAddress === null) {
      const [inv] = await tx
        .select({ address: users.address })
        .from(users)
        .where(eq(users.id, user.inviterId));
      inviterAddress = inv?.address ?? null;
    }
    await tx.update(users).set({ lastLoginAt: ctx.now }).where(eq(users.id, user.id));
    forgetUser(user.id);

    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(ctx.now.getTime() + SESSION_TTL_MS);
    await tx.insert(sessions).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt,
      createdAt: ctx.now,
      lastUsedAt: ctx.now,
      device: input.device ? input.device.slice(0, DEVICE_MAX_CHARS) : null,
    });
    return { token, expiresAt, user, inviterAddress };
  });
}

/** A session that is neither revoked, past its lifetime, nor idle longer than `idleMs`. */
const liveSession = (now: Date, idleMs: number) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - idleMs)),
  );

/**
 * The user of a live session, or null (missing, expired, idle too long, revoked). One indexed query
 * joining session and user, remembered for a moment (session-cache.ts says how long a revocation by
 * another process may take to be seen). Each use renews the idle limit; the write happens at most
 * once a minute per session.
 */
export async function authenticate(
  db: Executor,
  token: string,
  now: Date,
  idleMs: number = SESSION_IDLE_MS,
): Promise<SessionUserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const cached = cachedSession(tokenHash, now);
  if (cached) return cached;
  const rows = await db
    .select({ user: users, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), liveSession(now, idleMs)));
  const row = rows[0];
  if (!row) return null;
  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
    lastUsedAt = now;
  }
  // trusted from memory only until its renewal is due (by the request clock), so a use answered
  // from the cache never skips the write that renews the idle limit; never past its lifetime
  const renewDue = new Date(lastUsedAt.getTime() + Math.min(SESSION_TOUCH_MS, idleMs));
  rememberSession(tokenHash, row.user, renewDue < row.expiresAt ? renewDue : row.expiresAt);
  return row.user;
}

export type SessionView = {
  id: number;
  device: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  current: boolean;
};

/** The user's live sessions, most recently used first; `current` marks the caller's own. */
export async function listSessions(
  db: Executor,
  userId: number,
  /** the caller's token, to mark its session `current`; null when the caller is not the user */
  currentToken: string | null,
  now: Date,
  idleMs: number = SESSION_IDLE_MS,
): Promise<SessionView[]> {
  const currentHash = currentToken === null ? null : sha256Hex(currentToken);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession(now, idleMs)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
    // the earlier of the absolute end and the idle end (if not used again)
    expiresAt: new Date(Math.min(r.expiresAt.getTime(), r.lastUsedAt.getTime() + idleMs)),
    current: r.tokenHash === currentHash,
  }));
}

/**
 * Ends sessions of this user: the one with `id`, every one but the caller's (`others`), or every
 * one (`all`, an operator's revocation). Returns how many were still open. Another user's session
 * id changes nothing.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  target: { id: number } | { others: true; currentToken: string } | { all: true },
  now: Date,
): Promise<number> {
  const which =
    'id' in target
      ? eq(sessions.id, target.id)
      : 'others' in target
        ? ne(sessions.tokenHash, sha256Hex(target.currentToken))
        : undefined;
  // the revocation and its notice commit together: every process ends the sessions' streams
  const rows = await db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), which))
      .returning({ tokenHash: sessions.tokenHash });
    await notifyRevoked(
      tx,
      userId,
      ended.map((r) => r.tokenHash),
    );
    return ended;
  });
  for (const r of rows) forgetSession(r.tokenHash);
  return rows.length;
}

export async function revokeSession(db: Executor, token: string, now: Date): Promise<boolean> {
  const hash = sha256Hex(token);
  forgetSession(hash);
  const rows = await db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
      .returning({ u: sessions.userId });
    for (const r of ended) await notifyRevoked(tx, r.u, [hash]);
    return ended;
  });
  forgetSession(hash);
  return rows.length > 0;
}
