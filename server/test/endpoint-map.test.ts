// The endpoint map (@free/protocol/api/endpoints) and the server agree: every route the app
// registers is an entry of the map and every entry is registered, in the scope the entry names;
// an entry registered in another scope stops the server at start.
import { endpoints } from '@free/protocol/api/endpoints';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';

import { route, setEndpointScope } from '../src/http/route.ts';
import { openTestDb, testConfig } from './helpers.ts';

type Registered = {
  method: string;
  url: string;
  endpoint?: string;
  operatorRoles?: readonly string[];
  security: boolean;
};

describe('the endpoint map', () => {
  const options: RouteOptions[] = [];
  // read after start: the scopes' own onRoute hooks complete each route's options after this one
  const registered = (): Registered[] =>
    options.map((r) => ({
      method: String(r.method),
      url: r.url,
      endpoint: r.config?.endpoint,
      operatorRoles: r.config?.operatorRoles,
      security: Boolean((r.schema as { security?: unknown[] } | undefined)?.security?.length),
    }));
  let close: () => Promise<void>;
  beforeAll(async () => {
    const db = await openTestDb('memory://');
    const app = await buildApp({
      db,
      config: testConfig(),
      logger: false,
      // the dev routes are mounted too (npm start on the local chain)
      devTools: { advance: async () => Promise.reject(new Error('not in this test')) },
      onRoute: (r) => options.push(r),
    });
    await app.ready();
    close = async () => {
      await app.close();
      await db.close();
    };
  });
  afterAll(() => close());

  it('registers every entry, and only entries, once', () => {
    const routes = registered().filter((r) => r.method !== 'HEAD' && r.url !== '/api/docs');
    const seen = routes.map((r) => `${r.method} ${r.url}`);
    const mapped = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect([...seen].sort()).toEqual([...mapped].sort());
    for (const r of routes) {
      expect(r.endpoint, `${r.method} ${r.url}`).toBeDefined();
      const e = endpoints[r.endpoint as keyof typeof endpoints];
      expect(`${e.method} ${e.path}`).toBe(`${r.method} ${r.url}`);
    }
  });

  it('mounts each entry in its scope: signed-in routes ask for the token, operator routes name their roles', () => {
    for (const r of registered().filter((x) => x.endpoint)) {
      const e = endpoints[r.endpoint as keyof typeof endpoints];
      expect(r.security, `${e.id} signed in`).toBe(e.scope !== 'public');
      expect(r.operatorRoles, e.id).toEqual(e.scope === 'admin' ? e.roles : undefined);
      if (e.scope === 'admin') expect(e.path.startsWith('/api/admin/')).toBe(true);
    }
  });

  it('refuses to start when an entry is registered in another scope', async () => {
    const app = Fastify();
    setEndpointScope(app, 'public');
    const start = async () => {
      await app.register(async (scope) => {
        route(scope, endpoints.getUser, async () => null as never);
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/getUser .* is user but registered in the public scope/);
    await app.close().catch(() => {});
  });

  it('refuses an entry registered outside every scope', () => {
    expect(() => route(Fastify(), endpoints.getCommonConfig, async () => null as never)).toThrow(
      /registered in the unmarked scope/,
    );
  });
});
