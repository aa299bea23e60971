// Response serialization: each route's zod response schema is turned into a JSON Schema once and
// compiled by fast-json-stringify (what Fastify uses for JSON Schema routes), instead of running
// zod over every answer and then JSON.stringify. Measured here (docs/benchmarks.md) the zod path
// took about a third of the config endpoint's time in the API process.
//
// The compiled serializer writes only what the schema describes; it does not validate. When
// CHECK_RESPONSES is set (the server test suites set it) every answer also goes through zod as
// before: a response that does not fit its schema fails as it did (ResponseSerializationError),
// and one whose compiled text differs from zod's fails too, so a schema the compiler reads
// differently cannot pass the suites unnoticed.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Keywords that only validate: the serializer needs types and shapes, not these. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'description',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'format',
]);

/**
 * Drops validation-only keywords and turns `anyOf: [T, null]` into a nullable T, so that the
 * compiled serializer needs no validator for the common "value or null" fields. Other unions keep
 * their branches whole (the serializer picks a branch by validating against it).
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const s = node as JsonSchema;
  const anyOf = s.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = anyOf.find((b) => b.type !== 'null');
    if (other && anyOf.some((b) => b.type === 'null') && typeof other.type === 'string' && !other.anyOf) {
      const { anyOf: _drop, ...rest } = s;
      return simplify({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'anyOf' || k === 'oneOf')
      out[k] = v; // branches stay as written: they pick the shape
    else if (k === 'properties' && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v).map(([p, ps]) => [p, simplify(ps)]));
    else if (!VALIDATION_ONLY.has(k)) out[k] = simplify(v);
  }
  return out;
}

/** The JSON Schema the compiled serializer is built from (exported for the test). */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  return simplify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
  ) as JsonSchema;
}

const checking = () => !!process.env.CHECK_RESPONSES;

type RouteSchema = { schema: unknown; method: string; url: string };

/** Fastify's serializer compiler: one compiled serializer per route and status. */
export const responseSerializerCompiler = (route: RouteSchema): ((data: unknown) => string) => {
  const compiled = fastJson(
    serializationSchema(route.schema as z.ZodType) as unknown as Parameters<typeof fastJson>[0],
  );
  if (!checking()) return compiled;
  const viaZod = zodSerializerCompiler(route as never) as (data: unknown) => string;
  return (data: unknown) => {
    const expected = viaZod(data);
    const text = compiled(data);
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
      throw new ResponseSerializationError(route.method, route.url, {
        cause: new z.ZodError([
          {
            code: 'custom',
            path: [],
            input: data,
            message: `compiled serializer wrote ${text}, zod ${expected}`,
          },
        ]),
      });
    }
    return text;
  };
};
