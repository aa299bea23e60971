import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, envelopeSchema, errorCodeName, fail, isErrorCode, isOk, ok } from './envelope.ts';

describe('envelope', () => {
  it('wraps data with code 200', () => {
    expect(ok({ a: 1 })).toEqual({ code: 200, msg: 'ok', data: { a: 1 } });
    expect(isOk(ok(5))).toBe(true);
  });

  it('wraps a failure with its code and null data', () => {
    const env = fail(ErrorCode.InsufficientBalance, 'no');
    expect(env).toEqual({ code: 1004, msg: 'no', data: null });
    expect(isOk(env)).toBe(false);
  });

  it('keeps the codes of the team brief at their fixed numbers', () => {
    expect(ErrorCode).toMatchObject({
      Ok: 200,
      BadRequest: 400,
      Unauthorized: 401,
      Forbidden: 403,
      NotFound: 404,
      Conflict: 409,
      TooManyRequests: 429,
      Internal: 500,
    });
  });

  it('never gives two names the same number, and domain codes are >= 1000', () => {
    const entries = Object.entries(ErrorCode);
    expect(new Set(entries.map(([, v]) => v)).size).toBe(entries.length);
    for (const [name, code] of entries) {
      if (code < 1000) expect(code, name).toBeLessThan(600);
      expect(errorCodeName(code)).toBe(name);
    }
  });

  it('recognises known codes only', () => {
    expect(isErrorCode(1001)).toBe(true);
    expect(isErrorCode(1999)).toBe(false);
    expect(isErrorCode('200')).toBe(false);
  });

  it('builds a zod schema for an envelope', () => {
    const schema = envelopeSchema(z.object({ n: z.string() }));
    expect(schema.parse({ code: 200, msg: 'ok', data: { n: '1' } }).data.n).toBe('1');
    expect(() => schema.parse({ code: 200, msg: 'ok', data: { n: 1 } })).toThrow();
  });
});
