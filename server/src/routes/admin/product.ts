// Operator console, product: settings and module switches (validated by config:set), machines and
// shop products with stock, card applications to review, quotes, shop orders.
import { envelopeSchema } from '@free/protocol';
import * as api from '@free/protocol/api/admin';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardApplications, machines, shopProducts } from '../../db/schema/index.ts';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { amt } from '../../lib/format.ts';
import { cardView } from '../../services/cards.ts';
import { listQuotes } from '../../services/quotes.ts';
import { commandRoute, ROLES } from './shared.ts';

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
  const roles = ROLES.product;

  app.get(
    '/api/admin/config',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'Every setting and product configuration with its current value (command config:get)',
        response: { 200: envelopeSchema(api.adminConfigData) },
      },
    },
    async (req, reply) => {
      const r = await runForOperator(req, reply, 'config:get', {});
      return r.ok ? ok({ values: r.result as Record<string, unknown> }) : reply;
    },
  );

  commandRoute(app, {
    url: '/api/admin/config',
    roles,
    command: 'config:set',
    summary: 'Set one setting; the value is validated by its schema and refused whole when wrong',
    body: api.configSetBody,
    raw: (b) => ({ key: b.key, value: JSON.stringify(b.value) }),
  });

  commandRoute(app, {
    url: '/api/admin/modules',
    roles,
    command: 'config:set',
    summary: 'Open or close product modules (the switches given; the others stay)',
    body: api.modulesSetBody,
    raw: (b) => ({ key: 'modules', value: JSON.stringify(b.modules) }),
  });

  app.get(
    '/api/admin/machines',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'Mining machines of the catalogue with every language of their texts and their stock',
        response: { 200: envelopeSchema(api.adminMachinesData) },
      },
    },
    async () => {
      const rows = await ctx.db.db.select().from(machines).orderBy(asc(machines.sort), asc(machines.id));
      return ok({
        list: rows.map((m) => ({ ...catalogueOut(m), hashrate: m.hashrate.toString(), days: m.days })),
      });
    },
  );
  commandRoute(app, {
    url: '/api/admin/machines',
    roles,
    command: 'machine:save',
    summary: 'Add or update a mining machine by code',
    body: api.machineSaveBody,
  });
  commandRoute(app, {
    url: '/api/admin/machines/stock',
    roles,
    command: 'machine:stock',
    summary: 'Set the stock of a machine (null: unlimited)',
    body: api.stockSetBody,
  });

  app.get(
    '/api/admin/products',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'Shop products with every language of their texts and their stock',
        response: { 200: envelopeSchema(api.adminProductsData) },
      },
    },
    async () => {
      const rows = await ctx.db.db
        .select()
        .from(shopProducts)
        .orderBy(asc(shopProducts.sort), asc(shopProducts.id));
      return ok({ list: rows.map(catalogueOut) });
    },
  );
  commandRoute(app, {
    url: '/api/admin/products',
    roles,
    command: 'product:save',
    summary: 'Add or update a shop product by code',
    body: api.productSaveBody,
  });
  commandRoute(app, {
    url: '/api/admin/products/stock',
    roles,
    command: 'product:stock',
    summary: 'Set the stock of a shop product (null: unlimited)',
    body: api.stockSetBody,
  });
  app.get(
    '/api/admin/shop/orders',
    {
      config: { operatorRoles: roles },
      schema: {
        summary:
          "Every user's shop orders with the buyer, newest first, optionally of one state (paid: waiting to ship) (command shop:orders)",
        querystring: api.adminShopOrdersQuery,
        response: { 200: envelopeSchema(api.adminShopOrdersData) },
      },
    },
    async (req, reply) => {
      const r = await runForOperator(req, reply, 'shop:orders', { ...req.query, lang: req.lang });
      return r.ok ? ok(r.result as api.AdminShopOrdersData) : reply;
    },
  );
  commandRoute(app, {
    url: '/api/admin/shop/order',
    roles,
    command: 'shop:order',
    summary: 'Move a shop order: shipped, completed or cancelled (a cancel refunds)',
    body: api.shopOrderMoveBody,
  });

  app.get(
    '/api/admin/cards',
    {
      config: { operatorRoles: roles },
      schema: {
        summary: 'Card applications, newest first, optionally of one state (full phone numbers)',
        querystring: api.adminCardsQuery,
        response: { 200: envelopeSchema(api.adminCardsData) },
      },
    },
    async (req) => {
      const rows = await ctx.db.db
        .select()
        .from(cardApplications)
        .where(req.query.state ? eq(cardApplications.state, req.query.state) : undefined)
        .orderBy(desc(cardApplications.id))
        .limit(200);
      return ok({ list: rows.map((c) => ({ ...cardView(c), phone: c.phone, userId: c.userId })) });
    },
  );
  commandRoute(app, {
    url: '/api/admin/cards/review',
    roles,
    command: 'card:review',
    summary: 'Move a card application: reviewed, issued or rejected, with a note the user sees',
    body: api.cardReviewBody,
  });

  app.get(
    '/api/admin/quotes',
    {
      config: { operatorRoles: roles },
      schema: { summary: 'Quotes with their source', response: { 200: envelopeSchema(api.adminQuotesData) } },
    },
    async () => ok({ list: await listQuotes(ctx.db.db, ctx.clock()) }),
  );
  commandRoute(app, {
    url: '/api/admin/quotes',
    roles,
    command: 'quote:set',
    summary: 'Set a manual quote (price in USDT)',
    body: api.quoteSetBody,
  });
};
