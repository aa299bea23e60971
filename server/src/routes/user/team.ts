// Team endpoints: team_info, direct_list, stake_ref_address (schemas in @free/protocol/api/team).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signingNow } from '../../chain/chain-time.ts';
import { currentUser } from '../../http/auth.ts';
import type { AppContext } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { amt, checksum, isoOrNull } from '../../lib/format.ts';
import { getSettings, teamRulesOf } from '../../services/settings.ts';
import { directList, type TeamInfo, teamInfoOf, teamStatsRow, utcDay } from '../../services/team.ts';
import { stakeRef } from '../../services/team-ref.ts';

/**
 * The user's team figures: the stored row from the per-process cache (services/read-cache.ts,
 * dropped on every team change), levels and tiers under the current settings.
 */
export async function cachedTeamInfo(ctx: AppContext, userId: number): Promise<TeamInfo> {
  const db = ctx.db.db;
  const now = ctx.clock();
  const [row, settings] = await Promise.all([
    ctx.reads.team(userId, utcDay(now), () => teamStatsRow(db, userId, now)),
    getSettings(db),
  ]);
  return teamInfoOf(row, now, teamRulesOf(settings));
}

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserTeamInfo, async (req) => {
    const { teamLevel, ...t } = await cachedTeamInfo(ctx, currentUser(req).id);
    return ok({
      ...t,
      totalPerformance: amt(t.totalPerformance),
      zoneA: amt(t.zoneA),
      zoneB: amt(t.zoneB),
      ownPrincipal: amt(t.ownPrincipal),
      level: teamLevel,
    });
  });

  route(app, e.getUserDirectList, async (req) => {
    const page = await directList(db, currentUser(req).id, req.query.page, req.query.size);
    return ok({
      list: page.list.map((m) => ({
        address: checksum(m.address),
        boundAt: isoOrNull(m.boundAt),
        ownPrincipal: amt(m.ownPrincipal),
        teamCount: m.teamCount,
        performance: amt(m.performance),
        isValid: m.isValid,
      })),
      total: page.total,
      page: page.page,
      size: page.pageSize,
    });
  });

  route(app, e.getUserStakeRefAddress, async (req) => {
    const me = currentUser(req);
    // the contract checks the deadline against block.timestamp
    const now = await signingNow(ctx.clock(), ctx.chain.chainTime);
    const data = await ctx.db.transaction((tx) =>
      stakeRef(tx, {
        userId: me.id,
        address: me.address,
        signerKey: ctx.config.signerKey,
        chainId: ctx.config.chainId,
        staking: ctx.config.deployment?.staking,
        now,
      }),
    );
    return ok(data);
  });
};
