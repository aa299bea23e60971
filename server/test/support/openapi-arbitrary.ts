// fast-check arbitraries of the requests the OpenAPI document describes: each operation's query,
// headers and body from the JSON schemas @fastify/swagger made of the protocol's zod schemas, and
// malformed variants of them (a field of the wrong type, one left out, junk in place of the body).
import fc from 'fast-check';

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
};

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema; $ref?: string };
export type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type GeneratedRequest = {
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** the input breaks the document on purpose (it must be refused) */
  malformed: boolean;
};

/** Text of any code point, NUL included: the API refuses what PostgreSQL cannot store (http/storable-text.ts). */
const text = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({ ...constraints, unit: 'binary' });

// bounds that keep a case small: amounts and ids near the values the fixtures use
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const decimal = fc
  .tuple(
    fc.integer({ min: 0, max: 2000 }),
    fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
  )
  .map(([whole, frac]) => (frac === undefined ? String(whole) : `${whole}.${frac}`));

function integerOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = Math.max(s.minimum ?? INT_MIN, INT_MIN);
  let max = Math.min(s.maximum ?? INT_MAX, INT_MAX);
  if (s.exclusiveMinimum === true) min += 1;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, s.exclusiveMinimum + 1);
  if (s.exclusiveMaximum === true) max -= 1;
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, s.exclusiveMaximum - 1);
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // mostly small values (ids, pages, counts), sometimes anywhere in range
  const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 20) });
  return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function stringOf(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  // no length filter here: a pattern like `^0x([0-9a-f]{2})*$` with a large minLength would almost
  // never pass one (such a value is then refused, which the suite checks too)
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  const any = text({ minLength, maxLength }).filter(fits);
  // money fields: mostly decimal amounts, so valid requests reach the business rules
  if (/amount|price|shares|value|wei/i.test(name)) return fc.oneof(decimal.filter(fits), any);
  return any;
}

/** A value the schema accepts (business rules may still refuse it). */
export function validValue(s: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!s) return fc.jsonValue();
  let base: fc.Arbitrary<unknown>;
  const alts = s.anyOf ?? s.oneOf;
  if (s.enum) base = fc.constantFrom(...s.enum);
  else if (alts) base = fc.oneof(...alts.map((alt) => validValue(alt, name)));
  else
    switch (s.type) {
      case 'string':
        base = stringOf(s, name);
        break;
      case 'integer':
        base = integerOf(s, true);
        break;
      case 'number':
        base = integerOf(s, false);
        break;
      case 'boolean':
        base = fc.boolean();
        break;
      case 'array':
        base = fc.array(validValue(s.items, name), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
        });
        break;
      default: {
        const props = s.properties ?? {};
        if (Object.keys(props).length === 0 && typeof s.additionalProperties === 'object') {
          base = fc.dictionary(
            fc.string({ minLength: 1, maxLength: 8 }),
            validValue(s.additionalProperties),
            {
              maxKeys: 3,
            },
          );
          break;
        }
        const record = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, k)]));
        base = fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      }
    }
  return s.nullable ? fc.option(base, { nil: null }) : base;
}

/** Values of the wrong type (or out of every range) for a field. */
const junk = fc.oneof(
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.constant(-1),
  fc.constant(2 ** 64),
  fc.constant(''),
  fc.constant('x'.repeat(5000)),
  fc.constant('1e18'),
  fc.constant('-0.5'),
  fc.constant('１２'),
  fc.constant('0x'),
  fc.constant('\u0000'),
  fc.boolean(),
  text({ maxLength: 20 }),
);

/** The body with one field replaced by junk or left out, or junk in its place. */
function malformedBody(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const whole = fc.oneof(junk, fc.jsonValue({ maxDepth: 2 }));
  const props = Object.keys(s?.properties ?? {});
  if (!s || props.length === 0) return whole;
  return fc.oneof(
    whole,
    fc
      .tuple(validValue(s) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...props), junk)
      .map(([body, key, bad]) => ({ ...body, [key]: bad })),
    fc
      .tuple(
        validValue(s) as fc.Arbitrary<Record<string, unknown>>,
        fc.constantFrom(...(s.required ?? props)),
      )
      .map(([body, key]) => {
        const { [key]: _gone, ...rest } = body;
        return rest;
      }),
  );
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Query or header values: the documented ones, sometimes one replaced by junk text. */
function paramsOf(params: Parameter[], malformed: boolean): fc.Arbitrary<Record<string, string>> {
  const record = fc.record(
    Object.fromEntries(params.map((p) => [p.name, validValue(p.schema, p.name).map(asText)])),
    { requiredKeys: params.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  if (!malformed || params.length === 0) return record;
  return fc
    .tuple(record, fc.constantFrom(...params.map((p) => p.name)), junk.map(asText))
    .map(([values, name, bad]) => ({ ...values, [name]: bad }));
}

/** Requests for one operation: valid ones and malformed ones, in about equal numbers. */
export function requestsFor(op: Operation): fc.Arbitrary<GeneratedRequest> {
  const params = (op.parameters ?? []).filter((p): p is Parameter & { schema: JsonSchema } => !!p.schema);
  const query = params.filter((p) => p.in === 'query');
  const headers = params.filter((p) => p.in === 'header');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const build = (malformed: boolean, malformedPart: 'query' | 'headers' | 'body') =>
    fc.record({
      query: paramsOf(query, malformed && malformedPart === 'query'),
      headers: paramsOf(headers, malformed && malformedPart === 'headers'),
      body:
        malformed && malformedPart === 'body'
          ? malformedBody(body)
          : body
            ? validValue(body)
            : fc.constant(undefined),
      malformed: fc.constant(malformed),
    });
  const parts: ('query' | 'headers' | 'body')[] = [
    ...(query.length ? ['query' as const] : []),
    ...(headers.length ? ['headers' as const] : []),
  ];
  if (body || op.requestBody) parts.push('body');
  return fc.oneof(build(false, 'body'), ...parts.map((part) => build(true, part)));
}
