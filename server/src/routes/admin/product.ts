// Operator console, product: settings and module switches (validated by config:set), machines and
// shop products with stock, card applications to review, quotes, shop orders.
import type * as api from '@free/protocol/api/admin';
import { endpoints as e } from '@free/protocol/api/endpoints';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardApplications, machines, shopProducts } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { amt } from '../../lib/format.ts';
import { listQuotes } from '../../services/quotes.ts';
import { toAdminCardView } from '../../views/cards.ts';
import { toQuoteView } from '../../views/quotes.ts';
import { commandRoute } from './shared.ts';

type CatalogueRow = typeof shopProducts.$inferSelect;
const catalogueOut = (r: CatalogueRow) => ({
  id: r.id,
  code: r.code,
  name: r.name as Record<string, string>,
  description: r.description as Record<string, string>,
  image: r.image,
  asset: r.asset,
  price: amt(r.price),
  stock: r.stock,
  sort: r.sort,
  active: r.active,
});

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.getAdminConfig, async (req, reply) => {
    const r = await runForOperator(req, reply, 'config:get', {});
    return r.ok ? ok({ values: r.result as Record<string, unknown> }) : reply;
  });

  commandRoute(app, e.postAdminConfig, (b) => ({ key: b.key, value: JSON.stringify(b.value) }));

  commandRoute(app, e.postAdminModules, (b) => ({ key: 'modules', value: JSON.stringify(b.modules) }));

  route(app, e.getAdminMachines, async () => {
    const rows = await ctx.db.db.select().from(machines).orderBy(asc(machines.sort), asc(machines.id));
    return ok({
      list: rows.map((m) => ({ ...catalogueOut(m), hashrate: m.hashrate.toString(), days: m.days })),
    });
  });
  commandRoute(app, e.postAdminMachines);
  commandRoute(app, e.postAdminMachinesStock);

  route(app, e.getAdminProducts, async () => {
    const rows = await ctx.db.db
      .select()
      .from(shopProducts)
      .orderBy(asc(shopProducts.sort), asc(shopProducts.id));
    return ok({ list: rows.map(catalogueOut) });
  });
  commandRoute(app, e.postAdminProducts);
  commandRoute(app, e.postAdminProductsStock);
  route(app, e.getAdminShopOrders, async (req, reply) => {
    const r = await runForOperator(req, reply, 'shop:orders', { ...req.query, lang: req.lang });
    return r.ok ? ok(r.result as api.AdminShopOrdersData) : reply;
  });
  commandRoute(app, e.postAdminShopOrder);

  route(app, e.getAdminCards, async (req) => {
    const rows = await ctx.db.db
      .select()
      .from(cardApplications)
      .where(req.query.state ? eq(cardApplications.state, req.query.state) : undefined)
      .orderBy(desc(cardApplications.id))
      .limit(200);
    return ok({ list: rows.map(toAdminCardView) });
  });
  commandRoute(app, e.postAdminCardsReview);

  route(app, e.getAdminQuotes, async () =>
    ok({ list: (await listQuotes(ctx.db.db, ctx.clock())).map(toQuoteView) }),
  );
  commandRoute(app, e.postAdminQuotes);
};
