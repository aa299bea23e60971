// Operator console, product: settings and module switches (validated by config:set), machines and
// shop products with stock, card applications to review, quotes, shop orders.
import type * as api from '@free/protocol/api/admin';
import { endpoints as e } from '@free/protocol/api/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { route } from '../../http/route.ts';
import { cardApplicationsIn } from '../../services/cards.ts';
import { catalogueMachines } from '../../services/machines.ts';
import { listQuotes } from '../../services/quotes.ts';
import { catalogueProducts } from '../../services/shop.ts';
import { toAdminCardView } from '../../views/cards.ts';
import { toAdminMachineView } from '../../views/machines.ts';
import { toQuoteView } from '../../views/quotes.ts';
import { toAdminProductView } from '../../views/shop.ts';
import { commandRoute } from './shared.ts';

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, e.getAdminConfig, async (req, reply) => {
    const r = await runForOperator(req, reply, 'config:get', {});
    return r.ok ? ok({ values: r.result as Record<string, unknown> }) : reply;
  });

  commandRoute(app, e.postAdminConfig, (b) => ({ key: b.key, value: JSON.stringify(b.value) }));

  commandRoute(app, e.postAdminModules, (b) => ({ key: 'modules', value: JSON.stringify(b.modules) }));

  route(app, e.getAdminMachines, async () =>
    ok({ list: (await catalogueMachines(ctx.db.db)).map(toAdminMachineView) }),
  );
  commandRoute(app, e.postAdminMachines);
  commandRoute(app, e.postAdminMachinesStock);

  route(app, e.getAdminProducts, async () =>
    ok({ list: (await catalogueProducts(ctx.db.db)).map(toAdminProductView) }),
  );
  commandRoute(app, e.postAdminProducts);
  commandRoute(app, e.postAdminProductsStock);
  route(app, e.getAdminShopOrders, async (req, reply) => {
    const r = await runForOperator(req, reply, 'shop:orders', { ...req.query, lang: req.lang });
    return r.ok ? ok(r.result as api.AdminShopOrdersData) : reply;
  });
  commandRoute(app, e.postAdminShopOrder);

  route(app, e.getAdminCards, async (req) =>
    ok({ list: (await cardApplicationsIn(ctx.db.db, req.query.state)).map(toAdminCardView) }),
  );
  commandRoute(app, e.postAdminCardsReview);

  route(app, e.getAdminQuotes, async () =>
    ok({ list: (await listQuotes(ctx.db.db, ctx.clock())).map(toQuoteView) }),
  );
  commandRoute(app, e.postAdminQuotes);
};
