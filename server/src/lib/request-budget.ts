// The database's share of a request's time budget: a transaction opened while serving a request
// must end (commit or roll back) before the request's budget does, so a timed-out answer never
// hides a change that committed afterwards (docs/business-rules.md "Time budget of a money request").
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Part of the request budget the database may use; the rest is left to answer in time. */
export const DB_BUDGET_SHARE = 0.8;

type Budget = { dbDeadline: number };
const store = new AsyncLocalStorage<Budget>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** `performance.now()` value after which the current request's transactions must not commit. */
export const dbDeadline = (): number | undefined => store.getStore()?.dbDeadline;

/** Runs `fn` with a database deadline (what a request gets; tests use it directly). */
export const withDbDeadline = <T>(dbDeadlineAt: number, fn: () => T): T =>
  store.run({ dbDeadline: dbDeadlineAt }, fn);

/**
 * Gives every request its database deadline. The context is entered in onRequest and re-entered
 * in preValidation, because reading a body resumes the request from the socket's own context.
 */
export function installRequestBudget(app: FastifyInstance, budgetMs: number): void {
  app.addHook('onRequest', (req, _reply, done) => {
    store.run({ dbDeadline: performance.now() + budgetMs * DB_BUDGET_SHARE }, () => {
      const scope = new AsyncResource('free-request-budget');
      scopes.set(req, scope);
      scope.runInAsyncScope(done, req.raw);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (scope) scope.runInAsyncScope(done, req.raw);
    else done();
  });
}
