// Signed-in endpoints about the user (the signed-in scope of http/auth.ts has set req.user).
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/user';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { amt, checksum, iso, isoOrNull } from '../../lib/format.ts';
import { listSessions, revokeSession, revokeUserSessions } from '../../services/auth.ts';
import { incomeInfo } from '../../services/income.ts';
import { ASSETS, entriesOf, getUserBalances, USER_ACCOUNTS } from '../../services/ledger.ts';
import { turnover30d } from '../../services/market-maker.ts';
import { contributionsOf } from '../../services/pool.ts';
import { getSettings, isModuleOpen, wei } from '../../services/settings.ts';
import { investmentLimitsOf } from '../../services/staking-orders.ts';
import { cachedTeamInfo } from './team.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  app.get(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Profile: address, levels, invite link, balances',
        response: { 200: envelopeSchema(api.userProfile) },
      },
    },
    async (req) => {
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
        },
        invite: { path: '#/', query: `inviter=${checksum(me.address)}` },
        balances,
      });
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token',
        response: { 200: envelopeSchema(z.object({ revoked: z.boolean() })) },
      },
    },
    async (req) => ok({ revoked: await revokeSession(db, req.token ?? '', ctx.clock()) }),
  );

  app.get(
    '/api/user/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'My signed-in sessions (devices), most recently used first',
        response: { 200: envelopeSchema(api.sessionListData) },
      },
    },
    async (req) => {
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
    },
  );

  app.post(
    '/api/user/sessions/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions (`{ id }`) or all but this one (`{ others: true }`)',
        body: api.sessionRevokeBody,
        response: { 200: envelopeSchema(api.sessionRevokeData) },
      },
    },
    async (req) => {
      const target =
        'id' in req.body ? { id: req.body.id } : { others: true as const, currentToken: req.token ?? '' };
      return ok({ revoked: await revokeUserSessions(db, currentUser(req).id, target, ctx.clock()) });
    },
  );

  app.get(
    '/api/user/finance',
    {
      schema: {
        tags: ['user'],
        summary: 'Flow records from the ledger',
        querystring: api.financeQuery,
        response: { 200: envelopeSchema(api.financeData) },
      },
    },
    async (req) =>
      ok(
        await entriesOf(
          db,
          currentUser(req).id,
          { kind: req.query.kind, asset: req.query.asset },
          req.query.page,
          req.query.size,
          req.query.cursor === undefined ? undefined : Number(req.query.cursor),
        ),
      ),
  );

  app.get(
    '/api/user/income_info',
    {
      schema: {
        tags: ['user'],
        summary: 'Income of every kind today, yesterday and in total, in USDT and FREE (from the ledger)',
        querystring: api.incomeQuery,
        response: { 200: envelopeSchema(api.incomeData) },
      },
    },
    async (req) => ok(await incomeInfo(db, currentUser(req).id, ctx.clock())),
  );

  app.get(
    '/api/user/staking_limit_info',
    {
      schema: {
        tags: ['user'],
        summary: 'Staking limits and the balances that can pay',
        response: { 200: envelopeSchema(api.stakingLimitData) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const s = await getSettings(db);
      const b = await getUserBalances(db, me.id);
      const limits = investmentLimitsOf(s);
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
    },
  );

  app.get(
    '/api/user/contribute/record',
    {
      schema: {
        tags: ['user'],
        summary: 'Chain-pool contributions',
        querystring: api.contributeQuery,
        response: { 200: envelopeSchema(api.contributeData) },
      },
    },
    async (req) => ok(await contributionsOf(db, currentUser(req).id, req.query.page, req.query.size)),
  );
};
