// Two paths of the product-money routes (GET /api/user/fire, POST /api/user/staking_use_balance)
// were first served by placeholders in routes/user/index.ts. Until those placeholders are removed,
// a route constraint that every request satisfies lets ours answer (find-my-way tries constrained
// routes first); once they are gone it changes nothing.
import type { FastifyInstance } from 'fastify';

const NAME = 'freeProductMoney';

export function supersede(app: FastifyInstance): Record<string, string> {
  if (!app.hasConstraintStrategy(NAME)) {
    app.addConstraintStrategy({
      name: NAME,
      storage() {
        const m = new Map<string, unknown>();
        return {
          get: (k: string) => (m.get(k) ?? null) as never,
          set: (k: string, v: unknown) => void m.set(k, v),
        };
      },
      deriveConstraint: () => 'money',
      mustMatchWhenDerived: false,
      validate() {},
    });
  }
  return { [NAME]: 'money' };
}
