// Generated requests against every operation of the OpenAPI document (fast-check, from the JSON
// schemas the document holds, which are the protocol's zod schemas): valid and malformed inputs,
// signed in as a user and as an operator. Each answer must travel with the HTTP status its code
// means (an HTTP code as itself, success and product refusals as 200), have no code of 500 or
// above, match the answer the document describes for that status, and a refusal must leave every
// table's contents as they were. FUZZ_RUNS sets the cases per operation and signed-in user (default 2).
import { ErrorCode, httpStatusOf } from '@free/protocol';
import type { OperatorRole } from '@free/protocol/api/admin';
import { MODULE_KEYS } from '@free/protocol/modules';
import Ajv, { type ValidateFunction } from 'ajv';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, rowsOf } from '../src/db/client.ts';
import {
  account,
  authHeaders,
  BACKEND,
  closeApp,
  makeApp,
  setModules,
  signIn,
  type TestCtx,
  TREASURY,
} from './helpers.ts';
import { type GeneratedRequest, type Operation, requestsFor } from './support/openapi-arbitrary.ts';
import { fund, TestPrice, U } from './support/testkit.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Document = { paths: Record<string, Record<string, Operation & Record<string, unknown>>> };
type Target = {
  method: string;
  path: string;
  op: Operation;
  validate: ValidateFunction;
  /** the 4XX / 5XX answer: the error envelope */
  validateError: ValidateFunction;
};

/** Every table of the app's schema, each as a digest of its rows (a refusal must change none). */
async function tableContents(db: DbHandle): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((r) => r.name);
  // one statement (a UNION of one digest per table) keeps a snapshot to one round trip
  const digests = tables
    .map(
      (t) =>
        `SELECT '${t}' AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const rows = rowsOf<{ name: string; digest: string }>(await db.db.execute(sql.raw(digests)));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/**
 * OpenAPI 3.0's `nullable` on a union as ajv must read it: ajv applies the keyword to `type` only,
 * then checks null against each variant, so a nullable union (`{ type: 'object', nullable: true,
 * oneOf: [...] }`, e.g. a withdrawal's hold) becomes "one of these, or null".
 */
function nullableForAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableForAjv);
  if (typeof node !== 'object' || node === null) return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableForAjv(v)]));
  if (o.nullable === true && (o.oneOf || o.anyOf)) {
    const { nullable: _, ...rest } = o;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return o;
}

/** The answers each operation documents, compiled once from the document itself. */
function targetsOf(doc: Document): Target[] {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(nullableForAjv(doc) as Document, 'api');
  const pointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      // the event stream stays open (no answer to wait for): test/stream.test.ts covers it
      .filter(([, op]) => !JSON.stringify(op.responses ?? {}).includes('text/event-stream'))
      .map(([method, op]) => {
        const ref = `api#/paths/${pointer(path)}/${method}/responses/200/content/${pointer('application/json')}/schema`;
        const validate = ajv.getSchema(ref);
        const errorRef = `api#/paths/${pointer(path)}/${method}/responses/4XX/content/${pointer('application/json')}/schema`;
        const validateError = ajv.getSchema(errorRef);
        if (!validate || !validateError) throw new Error(`no documented answer for ${method} ${path}`);
        return { method: method.toUpperCase(), path, op, validate, validateError };
      }),
  );
}

describe.each(BACKEND)(
  'every operation of the OpenAPI document under generated requests ($name)',
  ({ url }) => {
    let t: TestCtx;
    let targets: Target[];
    const operator = account('openapi-fuzz-operator');
    const user = account('openapi-fuzz-user');
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      const price = new TestPrice();
      t = await makeApp(url, {
        config: { operators: new Map<Address, OperatorRole>([[getAddress(operator.address), 'admin']]) },
        chain: {
          paymentTerms: async () => ({ treasury: TREASURY, burnBps: 200n, executorRewardBps: 10n }),
          freePrice: price.source,
        },
      });
      price.clock = t.clock.get;
      // every module open, so valid requests reach the business rules rather than the switch
      await setModules(t.db.db, Object.fromEntries(MODULE_KEYS.map((key) => [key, true])));
      for (const who of [user, operator]) {
        const s = await signIn(t, who);
        tokens.set(who.address, s.token);
        await fund(t.db, s.userId, 5_000n * U);
        await fund(t.db, s.userId, 5_000n * U, 'FREE');
      }
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
      targets = targetsOf(docs.json() as Document);
    });
    afterAll(() => closeApp(t));

    async function send(target: Target, req: GeneratedRequest, token: string) {
      const query = new URLSearchParams(req.query).toString();
      return t.app.inject({
        method: target.method as 'GET' | 'POST',
        url: `${target.path}${query ? `?${query}` : ''}`,
        headers: {
          ...authHeaders(t, token),
          ...req.headers,
          ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body) }),
      });
    }

    for (const who of [
      { label: 'a user', account: user },
      { label: 'an operator', account: operator },
    ]) {
      it(`answers ${who.label} as documented, with no server error, and every refusal changes nothing`, async () => {
        expect(targets.length).toBeGreaterThan(90);
        // the tables as the last answer left them: what the next refusal must leave unchanged
        let tables = await tableContents(t.db);
        for (const target of targets) {
          if (process.env.FUZZ_TRACE) console.log(Date.now(), target.method, target.path);
          await fc.assert(
            fc.asyncProperty(requestsFor(target.op), async (req) => {
              const res = await send(target, req, tokens.get(who.account.address) as string);
              const where = `${target.method} ${target.path} ${JSON.stringify(req)} → ${res.statusCode} ${res.body}`;
              const body = res.json();
              expect(res.statusCode, where).toBe(httpStatusOf(body.code));
              expect(body.code >= 500 && body.code < 600, where).toBe(false);
              const validate = res.statusCode === 200 ? target.validate : target.validateError;
              expect(validate(body), `${where}\n${JSON.stringify(validate.errors)}`).toBe(true);
              const after = await tableContents(t.db);
              if (body.code !== ErrorCode.Ok) {
                // ops_log is the operators' audit trail: every attempt is logged, refused or not
                const audit =
                  body.code === ErrorCode.OperatorCommandRefused ? { ops_log: after.ops_log } : {};
                expect(after, where).toEqual({ ...tables, ...audit });
              }
              tables = after;
              // a logout or a revoked session ends the token: sign in again for the next case
              if (body.code === ErrorCode.Unauthorized) {
                tokens.set(who.account.address, (await signIn(t, who.account)).token);
                tables = await tableContents(t.db);
              }
            }),
            // no shrinking: each case is a request to a live app; the failing one is reported as sent
            { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
          );
        }
      }, 600_000);
    }
  },
);
