// Signed-in endpoints about the user (the signed-in scope of http/auth.ts has set req.user).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type * as api from '@free/protocol/api/user';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { listSessions, revokeSession, revokeUserSessions } from '../../services/auth.ts';
import { incomeInfo } from '../../services/income.ts';
import { ASSETS, entriesOf, getUserBalances, USER_ACCOUNTS } from '../../services/ledger.ts';
import { turnover30d } from '../../services/market-maker.ts';
import { contributionsOf } from '../../services/pool.ts';
import { quotedPrice } from '../../services/quotes.ts';
import { getSettings, isModuleOpen, wei } from '../../services/settings.ts';
import { investmentLimitsOf, stakeFreePrice } from '../../services/staking-orders.ts';
import { toFinancePageView } from '../../views/finance.ts';
import { toIncomeView } from '../../views/income.ts';
import { toContributionView } from '../../views/pool.ts';
import { cachedTeamInfo } from './team.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUser, async (req) => {
    const me = currentUser(req);
    // independent reads: on PostgreSQL they run side by side on the pool
    const [[inviter], team, b] = await Promise.all([
      me.inviterId
        ? db.select({ address: users.address }).from(users).where(eq(users.id, me.inviterId))
        : Promise.resolve([]),
      cachedTeamInfo(ctx, me.id),
      ctx.reads.balances(me.id, () => getUserBalances(db, me.id)),
    ]);
    const balances = Object.fromEntries(
      USER_ACCOUNTS.map((a) => [a, Object.fromEntries(ASSETS.map((s) => [s, amt(b[a][s])]))]),
    ) as z.infer<typeof api.userProfile>['balances'];
    return ok({
      id: me.id,
      address: checksum(me.address),
      inviter: inviter ? checksum(inviter.address) : null,
      ignited: me.ignited,
      ignitedAt: isoOrNull(me.ignitedAt),
      createdAt: iso(me.createdAt),
      level: {
        user: `V${team.level}`,
        node: team.nodeTier,
        marketMaker: team.isMarketMaker,
        valid: team.isValid,
        vip: team.vipLevel,
        marketMakerLevel: team.marketMakerLevel,
      },
      invite: { path: '#/', query: `inviter=${checksum(me.address)}` },
      balances,
    });
  });

  route(app, e.postUserLogout, async (req) =>
    ok({ revoked: await revokeSession(db, req.token ?? '', ctx.clock()) }),
  );

  route(app, e.getUserSessions, async (req) => {
    const list = await listSessions(
      db,
      currentUser(req).id,
      req.token ?? '',
      ctx.clock(),
      ctx.config.sessionIdleMs,
    );
    return ok({
      list: list.map((x) => ({
        ...x,
        createdAt: iso(x.createdAt),
        lastUsedAt: iso(x.lastUsedAt),
        expiresAt: iso(x.expiresAt),
      })),
    });
  });

  route(app, e.postUserSessionsRevoke, async (req) => {
    const target =
      'id' in req.body ? { id: req.body.id } : { others: true as const, currentToken: req.token ?? '' };
    return ok({ revoked: await revokeUserSessions(db, currentUser(req).id, target, ctx.clock()) });
  });

  route(app, e.getUserFinance, async (req) =>
    ok(
      toFinancePageView(
        await entriesOf(
          db,
          currentUser(req).id,
          { kind: req.query.kind, asset: req.query.asset },
          req.query.page,
          req.query.size,
          req.query.cursor === undefined ? undefined : Number(req.query.cursor),
        ),
      ),
    ),
  );

  route(app, e.getUserIncomeInfo, async (req) =>
    ok(toIncomeView(await incomeInfo(db, currentUser(req).id, ctx.clock()))),
  );

  route(app, e.getUserStakingLimitInfo, async (req) => {
    const me = currentUser(req);
    const s = await getSettings(db);
    const b = await getUserBalances(db, me.id);
    const limits = investmentLimitsOf(s, stakeFreePrice(s, await quotedPrice(db, 'FREE')));
    return ok({
      minAmount: amt(wei(s.min_amount_wei)),
      maxAmount: amt(wei(s.max_amount_wei)),
      minInvestmentFree: amt(wei(s.min_investment_free_wei)),
      maxInvestment: amt(wei(s.max_investment_wei)),
      minStake: amt(limits.min),
      maxStake: amt(limits.max),
      cycles: s.cycles.map((c, index) => ({ index, ...c })),
      walletUsdt: amt(b.wallet.USDT),
      walletFree: amt(b.wallet.FREE),
      stakingUseBalanceOpen: isModuleOpen(s, 'staking_use_balance'),
      marketMakerTurnover: amt(await turnover30d(db, me.id, ctx.clock())),
    });
  });

  route(app, e.getUserContributeRecord, async (req) => {
    const r = await contributionsOf(db, currentUser(req).id, req.query.page, req.query.size);
    return ok({ ...r, list: r.list.map(toContributionView) });
  });
};
