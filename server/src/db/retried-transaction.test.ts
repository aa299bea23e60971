// A deadlock's victim runs again (retriedTransaction, db/client.ts): PostgreSQL rolled it back whole.
import { describe, expect, it } from 'vitest';
import { transactionsRetried } from '../lib/metrics.ts';
import { type DbHandle, isTransientConflict, retriedTransaction, type Tx } from './client.ts';

/** A handle whose transactions fail with each of `errors` in turn, then run the work. */
function failing(errors: unknown[]) {
  let calls = 0;
  const handle = {
    transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
      const err = errors[calls++];
      if (err !== undefined) throw err;
      return fn({} as Tx);
    },
  } as unknown as DbHandle;
  return { handle, calls: () => calls };
}

/** drizzle's query error, the driver's error as its cause */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
const retried = async (what: string) =>
  (await transactionsRetried.get()).values.find((v) => v.labels.what === what)?.value ?? 0;

describe('retriedTransaction', () => {
  it('runs a deadlock victim and a serialization failure again, and counts each retry', async () => {
    const before = await retried('test-retry');
    const f = failing([wrapped('40P01'), { code: '40001' }]);
    await expect(retriedTransaction(f.handle, 'test-retry', async () => 'done')).resolves.toBe('done');
    expect(f.calls()).toBe(3);
    expect((await retried('test-retry')) - before).toBe(2);
  });

  it('gives up after its tries with the last deadlock, and never retries another error', async () => {
    const deadlock = wrapped('40P01');
    const always = failing([deadlock, deadlock, deadlock, deadlock, deadlock]);
    await expect(retriedTransaction(always.handle, 'test-give-up', async () => 'x')).rejects.toBe(deadlock);
    expect(always.calls()).toBe(4);
    const unique = wrapped('23505');
    const other = failing([unique]);
    await expect(retriedTransaction(other.handle, 'test-other', async () => 'x')).rejects.toBe(unique);
    expect(other.calls()).toBe(1);
    expect(isTransientConflict(new Error('deadlock detected'))).toBe(false);
  });
});
