// The command kit: a closed module or a bad input refuses before any write, a retry with the same
// Idempotency-Key gets the first answer's text as it was written, other content under the key is a
// conflict, and a command that fails keeps nothing, not even its key.
import { ErrorCode } from '@free/protocol/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, openTestDb, setModules } from '../../test/helpers.ts';
import { createUsers } from '../../test/support/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { answerCommand, type Command, runCommand } from './command.ts';
import { seedSettings } from './settings.ts';

let db: DbHandle;
let userId: number;

beforeAll(async () => {
  db = await openTestDb('memory://');
  await seedSettings(db.db);
  [userId] = (await createUsers(db, 1)) as [number];
  await setModules(db.db, { withdraw: true });
});
afterAll(async () => {
  await db?.close();
});

type Answer = { amount: bigint; run: number };

/** A command that counts its runs and answers a bigint (written as a decimal string by `write`). */
function counting(key: string | undefined, amount: string) {
  const calls = { parse: 0, run: 0 };
  const cmd: Command<bigint, Answer> = {
    module: 'withdraw',
    userId,
    route: 'test/command',
    idempotencyKey: key,
    parse: () => {
      calls.parse += 1;
      if (!/^\d+$/.test(amount)) throw new Error('bad amount');
      return BigInt(amount);
    },
    content: (value) => ({ amount: String(value) }),
    run: async (_tx, value) => {
      calls.run += 1;
      return { amount: value, run: calls.run };
    },
  };
  return { cmd, calls };
}

/** How the HTTP layer would write the answer: text, with the bigint as a decimal string. */
const write = (out: Answer) => JSON.stringify({ amount: out.amount.toString(), run: out.run });

describe('runCommand', () => {
  it('refuses a closed module with ModuleClosed before parsing or writing anything', async () => {
    await setModules(db.db, { withdraw: false });
    const { cmd, calls } = counting('k-closed', '5');
    await expect(runCommand(db, cmd)).rejects.toMatchObject({ errorCode: ErrorCode.ModuleClosed });
    expect(calls).toEqual({ parse: 0, run: 0 });
    expect(await count(db, 'idempotency_keys')).toBe(0);
    await setModules(db.db, { withdraw: true });
  });

  it('refuses a bad input before the work and keeps no key', async () => {
    const { cmd, calls } = counting('k-bad', 'x');
    await expect(runCommand(db, cmd)).rejects.toThrow('bad amount');
    expect(calls.run).toBe(0);
    expect(await count(db, 'idempotency_keys')).toBe(0);
  });

  it("does the work once per key: a retry gets the first answer's text back", async () => {
    const first = counting('k-once', '7');
    const answer = await answerCommand(db, first.cmd, write);
    const retry = counting('k-once', '7');
    const again = await answerCommand(db, retry.cmd, () => 'written again');
    expect(answer).toBe('{"amount":"7","run":1}');
    expect(again).toBe(answer);
    expect(retry.calls.run).toBe(0);
  });

  it('keeps the key of a command run for its value, and refuses a repeat it cannot answer', async () => {
    const first = counting('k-value', '8');
    expect(await runCommand(db, first.cmd)).toEqual({ amount: 8n, run: 1 });
    for (const repeat of [
      () => runCommand(db, counting('k-value', '8').cmd),
      () => answerCommand(db, counting('k-value', '8').cmd, write),
    ]) {
      await expect(repeat()).rejects.toMatchObject({ errorCode: ErrorCode.IdempotencyConflict });
    }
    expect(first.calls.run).toBe(1);
  });

  it('refuses other content under a used key with IdempotencyConflict', async () => {
    await answerCommand(db, counting('k-conflict', '1').cmd, write);
    const other = counting('k-conflict', '2');
    await expect(answerCommand(db, other.cmd, write)).rejects.toMatchObject({
      errorCode: ErrorCode.IdempotencyConflict,
    });
    expect(other.calls.run).toBe(0);
  });

  it('keeps nothing of a failed command, so the same key may be tried again', async () => {
    const keys = await count(db, 'idempotency_keys');
    const failing = counting('k-fail', '3');
    failing.cmd.run = async () => {
      throw new Error('boom');
    };
    await expect(answerCommand(db, failing.cmd, write)).rejects.toThrow('boom');
    expect(await count(db, 'idempotency_keys')).toBe(keys);
    expect(await answerCommand(db, counting('k-fail', '3').cmd, write)).toBe('{"amount":"3","run":1}');
  });

  it('runs every time without a key', async () => {
    const { cmd, calls } = counting(undefined, '4');
    await runCommand(db, cmd);
    await runCommand(db, cmd);
    expect(calls.run).toBe(2);
  });
});
