// The answer migration: an Idempotency-Key stored before kept the service's value (the staking
// routes' in a codec of their own); after it the key holds the envelope its retry answered.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';

// on both backends (test/support/test-db.ts BACKENDS): a migration
describe.each(BACKENDS)('the idempotency answer migration on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);

  it('turns each stored value into the envelope its retry answered, staking codec included', async () => {
    const answer = entries.find((e) => /^\d+_answer$/.test(e.tag));
    if (!answer) throw new Error('no answer migration');
    for (const e of entries.filter((e) => e.idx < answer.idx))
      for (const s of statements(e.tag)) await run(s);
    await run(`INSERT INTO users (address) VALUES ('0x00000000000000000000000000000000000000aa')`);
    const stake = {
      id: 'B00000007',
      amount: '12345678901234567891n',
      fee: '0n',
      redeemedAmount: null,
      pledgeTime: '2026-01-02T03:04:05.678Z@',
      redeemedAt: null,
      progress: 40,
      autoRenew: true,
    };
    const withdrawal = { id: 3, amount: '1.5', createdAt: '2026-01-02T03:04:05.678Z', txHash: null };
    await run(`INSERT INTO idempotency_keys (user_id, key, route, request_hash, response) VALUES
      (1, 'k-stake', 'staking_use_balance', 'h1', '${JSON.stringify(stake)}'),
      (1, 'k-withdraw', 'withdraw/apply', 'h2', '${JSON.stringify(withdrawal)}'),
      (1, 'k-none', 'withdraw/apply', 'h3', NULL)`);
    for (const s of statements(answer.tag)) await run(s);
    const rows = (await run(`SELECT key, answer FROM idempotency_keys ORDER BY key`)).rows;
    const parsed = Object.fromEntries(
      rows.map((r) => [r.key, r.answer === null ? null : JSON.parse(r.answer as string)]),
    );
    expect(parsed).toEqual({
      'k-none': null,
      'k-stake': {
        code: 200,
        msg: 'ok',
        data: {
          ...stake,
          amount: '12.345678901234567891',
          fee: '0',
          pledgeTime: '2026-01-02T03:04:05.678Z',
        },
      },
      'k-withdraw': { code: 200, msg: 'ok', data: withdrawal },
    });
  });
});
