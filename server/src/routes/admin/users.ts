// Operator console, users: look up an address — balances, team figures, orders of every kind,
// ledger entries (paged) and sessions (revocable).
import type * as api from '@free/protocol/api/admin';
import { endpoints as e } from '@free/protocol/api/endpoints';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { AppError, ErrorCode } from '../../lib/errors.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { userByAddress } from '../../services/admin-users.ts';
import { listSessions } from '../../services/auth.ts';
import { ASSETS, entriesOf, getUserBalances, USER_ACCOUNTS } from '../../services/ledger.ts';
import { listRechargeOrders } from '../../services/recharge.ts';
import { shopOrdersOf } from '../../services/shop.ts';
import { listOrders } from '../../services/staking-orders.ts';
import { teamInfo } from '../../services/team.ts';
import { listWithdrawals } from '../../services/withdraw.ts';
import { toFinancePageView } from '../../views/finance.ts';
import { toShopOrderView } from '../../views/shop.ts';
import { toStakeOrderView } from '../../views/staking.ts';
import { toRechargeView, toWithdrawalView } from '../../views/wallet.ts';
import { commandRoute } from './shared.ts';

/** How many of each kind of order the lookup shows (newest first). */
const RECENT = 20;

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  const find = async (address: string) => {
    const u = await userByAddress(db, address);
    if (!u) throw new AppError(ErrorCode.NotFound, 'address');
    return u;
  };

  route(app, e.getAdminUsersLookup, async (req) => {
    const u = await find(req.query.address);
    const now = ctx.clock();
    const [b, team, staking, shop, withdrawals, recharges, inviter] = await Promise.all([
      getUserBalances(db, u.id),
      teamInfo(db, u.id, now),
      listOrders(db, { userId: u.id, page: 1, size: RECENT, now }),
      shopOrdersOf(db, u.id, req.lang, 1, RECENT),
      listWithdrawals(db, u.id, 1, RECENT),
      listRechargeOrders(db, u.id, 1, RECENT),
      u.inviterId
        ? db.select({ address: users.address }).from(users).where(eq(users.id, u.inviterId))
        : Promise.resolve([]),
    ]);
    const balances = Object.fromEntries(
      USER_ACCOUNTS.map((a) => [a, Object.fromEntries(ASSETS.map((s) => [s, amt(b[a][s])]))]),
    ) as z.infer<typeof api.userLookupData>['balances'];
    return ok({
      user: {
        id: u.id,
        address: checksum(u.address),
        inviter: inviter[0] ? checksum(inviter[0].address) : null,
        ignited: u.ignited,
        createdAt: iso(u.createdAt),
        lastLoginAt: isoOrNull(u.lastLoginAt),
      },
      balances,
      team: {
        ...team,
        totalPerformance: amt(team.totalPerformance),
        zoneA: amt(team.zoneA),
        zoneB: amt(team.zoneB),
        ownPrincipal: amt(team.ownPrincipal),
        level: `V${team.level}`,
      },
      staking: { list: staking.list.map(toStakeOrderView), total: staking.total, page: 1, size: RECENT },
      shop: { ...shop, list: shop.list.map(toShopOrderView) },
      withdrawals: { ...withdrawals, list: withdrawals.list.map(toWithdrawalView) },
      recharges: { ...recharges, list: recharges.list.map((o) => toRechargeView(o, ctx.config, now)) },
    });
  });

  route(app, e.getAdminUsersLedger, async (req) => {
    const u = await find(req.query.address);
    const q = req.query;
    const cursor = q.cursor === undefined ? undefined : Number(q.cursor);
    return ok(
      toFinancePageView(await entriesOf(db, u.id, { kind: q.kind, asset: q.asset }, q.page, q.size, cursor)),
    );
  });

  route(app, e.getAdminUsersSessions, async (req) => {
    const u = await find(req.query.address);
    // no session of the operator's is the user's: none is marked current
    const list = await listSessions(db, u.id, null, ctx.clock(), ctx.config.sessionIdleMs);
    return ok({
      list: list.map(({ current: _, ...x }) => ({
        ...x,
        createdAt: iso(x.createdAt),
        lastUsedAt: iso(x.lastUsedAt),
        expiresAt: iso(x.expiresAt),
      })),
    });
  });

  commandRoute(app, e.postAdminUsersSessionsRevoke);
};
