// Proof of liabilities (docs/proof-of-liabilities.md): the public figures and the user's proof.
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import {
  type LiabilityReserve,
  liabilityProofOf,
  liabilityReserves,
  liabilitySnapshot,
} from '../../services/liabilities.ts';
import { reconcileChainFor } from '../../services/reconcile.ts';
import { toLiabilitiesProofView, toLiabilitiesView } from '../../views/liabilities.ts';

/** Reserves are read from the chain at most this often (every caller of the public page shares them). */
const RESERVES_TTL_MS = 15_000;

export const liabilitiesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const client = ctx.chain.publicClient;
  const chain = client ? reconcileChainFor(ctx.config, client) : null;
  const staking = ctx.config.deployment?.staking;
  let cached: { at: number; value: Promise<LiabilityReserve[]> } | null = null;
  const reserves = () => {
    if (!chain || !staking) return Promise.resolve([]);
    const now = Date.now();
    if (!cached || now - cached.at > RESERVES_TTL_MS) {
      const value = liabilityReserves(chain, staking);
      // a failed read is not kept: the next caller tries again
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
      cached = { at: now, value };
    }
    return cached.value;
  };
  route(app, e.getCommonLiabilities, async () => {
    const [latest, held] = await Promise.all([liabilitySnapshot(ctx.db.db), reserves()]);
    return ok(toLiabilitiesView(latest, held));
  });
};

export const liabilitiesUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, e.getUserLiabilitiesProof, async (req) =>
    ok(toLiabilitiesProofView(await liabilityProofOf(ctx.db.db, currentUser(req).id, req.query.id))),
  );
};
