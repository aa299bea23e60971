// Team endpoints: team_info, direct_list, stake_ref_address (schemas in @free/protocol/api/team).
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signingNow } from '../../chain/chain-time.ts';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { cachedTeamInfo, directList } from '../../services/team.ts';
import { stakeRef } from '../../services/team-ref.ts';
import { toDirectListView, toTeamInfoView } from '../../views/team.ts';

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.db.db;

  route(app, e.getUserTeamInfo, async (req) =>
    ok(toTeamInfoView(await cachedTeamInfo(db, ctx.reads, currentUser(req).id, ctx.clock()))),
  );

  route(app, e.getUserDirectList, async (req) =>
    ok(toDirectListView(await directList(db, currentUser(req).id, req.query.page, req.query.size))),
  );

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
