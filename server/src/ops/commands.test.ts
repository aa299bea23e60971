// Operator commands: validation with clear errors, effects through the services, ops_log rows.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb } from '../../test/helpers.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { cardApplications, opsLog, users } from '../db/schema/index.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { getSetting, getSettings, seedSettings, writeSetting } from '../services/settings.ts';
import { recordUnmatchedPayment } from '../services/unmatched-payments.ts';
import { applyWithdrawal } from '../services/withdraw.ts';
import { type ChainOps, parseArgs, runOps } from './commands.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let db: DbHandle;
    const calls: string[] = [];
    const OLD_SIGNER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const accepted = new Set<string>([OLD_SIGNER]);
    let chainNow = new Date('2030-01-01T00:00:00Z');
    const chain: ChainOps = {
      fundReserve: async (a) => {
        calls.push(`fund:${a}`);
        return { txHashes: ['0xaa', '0xbb'] };
      },
      signerAccepted: async (a) => ({ staking: accepted.has(a), payment: accepted.has(a) }),
      addSigner: async (a) => {
        calls.push(`signer+:${a}`);
        accepted.add(a);
        return { txHashes: ['0xcc', '0xdd'] };
      },
      removeSigner: async (a) => {
        calls.push(`signer-:${a}`);
        accepted.delete(a);
        return { txHashes: ['0xee', '0xff'] };
      },
      chainTime: async () => chainNow,
    };
    const ops = (...argv: string[]) => runOps(argv, { db, chain, actor: 'test' });
    const lastLog = async () => (await db.db.select().from(opsLog).orderBy(desc(opsLog.id)).limit(1))[0];

    beforeAll(async () => {
      db = await openTestDb(backend.url);
      await seedSettings(db.db);
    });
    afterAll(async () => {
      await db?.close();
    });

    describe('ops commands', () => {
      it('parses positionals and flags', () => {
        expect(parseArgs(['a', '--type', 'video', '--x=1', 'b', '--dry'])).toEqual({
          positional: ['a', 'b'],
          flags: { type: 'video', x: '1', dry: 'true' },
        });
      });

      it('sets validated config, merges module switches, and logs every attempt', async () => {
        expect(await ops('config:set', 'modules', '{"ai_trade":true}')).toMatchObject({ ok: true });
        const s = await getSettings(db.db);
        expect(s.modules.ai_trade).toBe(true);
        expect(s.modules.staking).toBe(true);
        expect(await lastLog()).toMatchObject({ command: 'config:set', ok: true, actor: 'test' });

        const bad = await ops('config:set', 'product.rounds', '{"period_ms":5}');
        expect(bad.ok).toBe(false);
        expect(bad).toMatchObject({ error: expect.stringContaining('product.rounds') });
        expect((await getSetting(db.db, 'product.rounds')).period_ms).toBe(60_000);
        expect(await lastLog()).toMatchObject({ command: 'config:set', ok: false });

        expect(await ops('config:set', 'nope', '1')).toMatchObject({
          ok: false,
          error: expect.stringContaining('unknown config key'),
          refusal: { reason: 'notFound', subject: 'nope' },
        });
        expect(await ops('config:set', 'twitter_url', 'not json')).toMatchObject({
          ok: false,
          error: expect.stringContaining('JSON'),
          refusal: { reason: 'invalid', field: 'value' },
        });
        expect(await ops('config:set', 'twitter_url', '"https://x.com/free"')).toMatchObject({ ok: true });
        const got = await ops('config:get', 'twitter_url');
        expect(got).toEqual({ ok: true, result: { twitter_url: 'https://x.com/free' } });
        const all = await ops('config:get');
        expect(all.ok && (all.result as Record<string, unknown>)['product.pool']).toBeTruthy();
      });

      it('publishes articles per language and adds banners', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'ops-'));
        const file = join(dir, 'body.md');
        writeFileSync(file, '# Roadmap\nQ1: launch');
        const en = await ops(
          'article:publish',
          '--type',
          'roadmap_short',
          '--lang',
          'en',
          '--title',
          'Short-term roadmap',
          '--body-file',
          file,
        );
        expect(en).toMatchObject({ ok: true, result: { slug: 'short-term-roadmap', language: 'en' } });
        const ja = await ops(
          'article:publish',
          '--type',
          'roadmap_short',
          '--lang',
          'ja',
          '--title',
          '短期ロードマップ',
          '--body-file',
          file,
          '--slug',
          'short-term-roadmap',
        );
        expect(ja.ok).toBe(true);
        expect(
          await ops(
            'article:publish',
            '--type',
            'novel',
            '--lang',
            'en',
            '--title',
            'x',
            '--body-file',
            file,
          ),
        ).toMatchObject({
          ok: false,
          error: expect.stringContaining('type'),
        });
        expect(
          await ops(
            'article:publish',
            '--type',
            'video',
            '--lang',
            'en',
            '--title',
            'x',
            '--body-file',
            '/nonexistent',
          ),
        ).toMatchObject({
          ok: false,
          error: expect.stringContaining('body-file'),
        });
        expect(
          await ops('banner:add', '--image', '/banners/1.png', '--lang', 'en', '--sort', '2'),
        ).toMatchObject({ ok: true });
        expect(await ops('banner:add', '--lang', 'xx')).toMatchObject({ ok: false });
      });

      it('funds the reserve and rotates the signer through the chain, refusing bad input first', async () => {
        expect(await ops('reserve:fund', 'abc')).toMatchObject({
          ok: false,
          error: expect.stringContaining('amount'),
          refusal: { reason: 'amount', field: 'amount' },
        });
        expect(await ops('reserve:fund', '0')).toMatchObject({ ok: false });
        expect(await ops('signer:add', '0x123')).toMatchObject({
          ok: false,
          error: expect.stringContaining('address'),
          refusal: { reason: 'address' },
        });
        expect(calls).toEqual([]);
        expect(await ops('reserve:fund', '2500.5')).toMatchObject({
          ok: true,
          result: { amount: '2500.5', txHashes: ['0xaa', '0xbb'] },
        });
        const addr = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
        expect(await ops('signer:add', addr)).toMatchObject({ ok: true });
        expect(calls).toEqual([
          `fund:${2500n * U + U / 2n}`,
          'signer+:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        ]);
        expect(await ops('config:get', 'signer_address')).toMatchObject({
          result: { signer_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        });
        expect(await runOps(['reserve:fund', '1'], { db, actor: 'test' })).toMatchObject({
          ok: false,
          error: expect.stringContaining('no chain'),
          refusal: { reason: 'noChain' },
        });
      });

      it('removes an old signer only once the API signs with another and none of its signatures can still be submitted', async () => {
        const NEW_SIGNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
        accepted.add(NEW_SIGNER);
        calls.length = 0;
        const [u] = await db.db
          .insert(users)
          .values({ address: '0x00000000000000000000000000000000000005e1' })
          .returning();
        const userId = u?.id ?? 0;
        const minutes = (n: number) => new Date(chainNow.getTime() + n * 60_000);
        // an order the old key signed, payable for 20 more minutes; an inviter signature from before
        // signers were recorded (null), usable for 10; an order of the new key (not counted)
        await db.db.execute(sql`
          INSERT INTO recharge_orders (order_id, user_id, payer, token, to_address, asset, amount, burn_bps, end_time, signature, signer)
          VALUES ('0x${sql.raw('01'.repeat(32))}', ${userId}, 'p', 't', 'x', 'USDT', 1, 0, ${minutes(20).toISOString()}::timestamptz, '0x', ${OLD_SIGNER}),
                 ('0x${sql.raw('02'.repeat(32))}', ${userId}, 'p', 't', 'x', 'USDT', 1, 0, ${minutes(60).toISOString()}::timestamptz, '0x', ${NEW_SIGNER})`);
        await db.db.execute(sql`
          INSERT INTO inviter_nonces (nonce, user_id, parents, deadline)
          VALUES ('77', ${userId}, '', ${minutes(10).toISOString()}::timestamptz)`);

        const inUse = await runOps(['signer:remove', OLD_SIGNER], {
          db,
          chain,
          actor: 'test',
          signerInUse: OLD_SIGNER,
        });
        expect(inUse).toMatchObject({ ok: false, error: expect.stringContaining('DEPLOYMENT_FILE names') });
        const opts = { db, chain, actor: 'test', signerInUse: NEW_SIGNER as `0x${string}` };
        const live = await runOps(['signer:remove', OLD_SIGNER], opts);
        expect(live).toMatchObject({
          ok: false,
          error: expect.stringContaining(`2 signature(s) made with ${OLD_SIGNER}`),
        });
        expect((live as { error: string }).error).toContain(minutes(20).toISOString());
        chainNow = minutes(15); // the inviter signature ended; the order has 5 minutes left
        expect(await runOps(['signer:remove', OLD_SIGNER], opts)).toMatchObject({
          ok: false,
          error: expect.stringContaining('1 signature(s)'),
        });
        expect(calls).toEqual([]);
        // a leaked key is removed at once: its open order is refused on chain from then on
        expect(await runOps(['signer:remove', OLD_SIGNER, '--leaked'], opts)).toMatchObject({
          ok: true,
          result: { removed: OLD_SIGNER, refusedSignatures: 1 },
        });
        expect(calls).toEqual([`signer-:${OLD_SIGNER}`]);
        accepted.add(OLD_SIGNER);
        calls.length = 0;
        chainNow = minutes(6); // past the order's endTime: nothing of the old key can be paid
        expect(await runOps(['signer:remove', OLD_SIGNER], opts)).toMatchObject({
          ok: true,
          result: { removed: OLD_SIGNER, txHashes: ['0xee', '0xff'] },
        });
        expect(calls).toEqual([`signer-:${OLD_SIGNER}`]);
        expect(await runOps(['signer:remove', OLD_SIGNER], opts)).toMatchObject({
          ok: false,
          error: expect.stringContaining('is not a signer'),
        });
      });

      it('lists, rejects (refunding once) and approves queued withdrawals only', async () => {
        const [u] = await db.db
          .insert(users)
          .values({ address: '0x00000000000000000000000000000000000000a1' })
          .returning();
        const userId = u?.id ?? 0;
        await db.transaction((tx) =>
          transfer(tx, {
            key: 'ops-fund',
            from: systemAccount('adjust'),
            to: userAccount(userId),
            asset: 'USDT',
            amount: 50n * U,
            kind: 'adjust',
          }),
        );
        const w1 = await applyWithdrawal(db, {
          userId,
          userAddress: '0x00000000000000000000000000000000000000a1',
          amount: '20',
          coin: 'USDT',
          now: new Date(),
        });
        const w2 = await applyWithdrawal(db, {
          userId,
          userAddress: '0x00000000000000000000000000000000000000a1',
          amount: '5',
          coin: 'USDT',
          now: new Date(),
        });
        expect(await getBalance(db.db, userAccount(userId), 'USDT')).toBe(25n * U);
        const list = await ops('withdrawals:list', '--state', 'queued');
        expect(list.ok && (list.result as unknown[]).length).toBe(2);
        expect(await ops('withdrawals:reject', String(w1.id), '--reason', 'suspicious')).toMatchObject({
          ok: true,
          result: { state: 'refunded' },
        });
        expect(await getBalance(db.db, userAccount(userId), 'USDT')).toBe(45n * U);
        expect(await ops('withdrawals:reject', String(w1.id), '--reason', 'again')).toMatchObject({
          ok: false,
          error: expect.stringContaining('refunded'),
        });
        expect(await getBalance(db.db, userAccount(userId), 'USDT')).toBe(45n * U);
        // a queued withdrawal needs no approval: only one in review can be approved
        expect(await ops('withdrawals:approve', String(w2.id))).toMatchObject({
          ok: false,
          error: expect.stringContaining('queued'),
          refusal: { reason: 'wrongState', subject: String(w2.id), state: 'queued' },
        });
        expect(await ops('withdrawals:approve', String(w1.id))).toMatchObject({ ok: false });
        expect(await ops('withdrawals:reject', '999', '--reason', 'x')).toMatchObject({
          ok: false,
          error: expect.stringContaining('not found'),
        });
        // an unresolved one may have been paid: without the chain to prove otherwise, refused as such
        await db.db.execute(sql`UPDATE withdrawals SET state = 'unresolved' WHERE id = ${w2.id}`);
        expect(await ops('withdrawals:reject', String(w2.id), '--reason', 'looks unpaid')).toMatchObject({
          ok: false,
          error: expect.stringContaining('may have been paid on chain'),
          refusal: { reason: 'noChain' },
        });
        expect(await lastLog()).toMatchObject({ command: 'withdrawals:reject', ok: false });
        expect(await getBalance(db.db, userAccount(userId), 'USDT')).toBe(45n * U);
        const [still] = await rows<{ state: string }>(
          db.db,
          sql`SELECT state FROM withdrawals WHERE id = ${w2.id}`,
        );
        expect(still?.state).toBe('unresolved');
      });

      it('lists payments that credited no order, newest first, each once', async () => {
        const empty = await ops('payments:unmatched');
        expect(empty).toMatchObject({ ok: true, result: { list: [], total: 0 } });
        const payment = {
          txHash: `0x${'ab'.repeat(32)}`,
          logIndex: 3,
          blockNumber: 41n,
          orderId: `0x${'01'.repeat(32)}`,
          payer: '0x00000000000000000000000000000000000000C1',
          token: '0x00000000000000000000000000000000000000C2',
          to: '0x00000000000000000000000000000000000000C3',
          amount: 20n * U,
          burned: (4n * U) / 10n,
          executorReward: (2n * U) / 100n,
          reason: 'unknown_order',
          paidAt: new Date('2026-01-02T03:04:05Z'),
        };
        await db.transaction((tx) => recordUnmatchedPayment(tx, payment));
        // the indexer re-reading the same log records nothing twice
        await db.transaction((tx) => recordUnmatchedPayment(tx, payment));
        await db.transaction((tx) =>
          recordUnmatchedPayment(tx, { ...payment, logIndex: 0, blockNumber: 42n, reason: 'wrong_payer' }),
        );
        const listed = await ops('payments:unmatched', '--size', '10');
        expect(listed).toMatchObject({
          ok: true,
          result: {
            total: 2,
            list: [
              { blockNumber: 42, logIndex: 0, reason: 'wrong_payer' },
              {
                txHash: payment.txHash,
                logIndex: 3,
                orderId: payment.orderId,
                payer: payment.payer.toLowerCase(),
                amount: '20',
                burned: '0.4',
                executorReward: '0.02',
                reason: 'unknown_order',
                paidAt: '2026-01-02T03:04:05.000Z',
              },
            ],
          },
        });
        expect(await ops('payments:unmatched', '--size', '0')).toMatchObject({ ok: false });
      });

      it("shows today's income budget, the income paid and what is held per kind", async () => {
        const now = new Date('2031-05-06T10:00:00Z');
        const show = () => runOps(['income:budget'], { db, actor: 'test', now: () => now });
        const empty = await show();
        expect(empty).toMatchObject({
          ok: true,
          result: {
            day: '2031-05-06',
            budget: null,
            left: null,
            paid: '0',
            held: {
              redemptionInterest: { count: 0, usdt: '0' },
              fccBonus: { count: 0, fcc: '0', usdt: '0' },
            },
          },
        });
        const [u] = await db.db
          .insert(users)
          .values({ address: '0x00000000000000000000000000000000000000b7' })
          .returning();
        if (!u) throw new Error('no user');
        const order = (i: number, extra: string) =>
          db.db.execute(
            sql.raw(`INSERT INTO stake_orders (user_id, cycle, cycle_days, rate_ppm, fee_bps, amount, fee,
              principal, staked_at, due_at, ledger_key, ${extra.split('=')[0]})
            VALUES (${u.id}, 2, 30, 12000, 200, ${100n * U}, 0, ${100n * U}, '2031-04-01', '2031-05-01',
              'ops-budget-${i}', ${extra.split('=')[1]})`),
          );
        await order(1, `interest_held=${3n * U}`);
        await order(2, `interest_held=${2n * U}`);
        await order(3, `bonus_fcc=${40n * U}`);
        // due today: it waits for tonight's settlement, not for budget
        await db.db.execute(sql`INSERT INTO stake_orders (user_id, cycle, cycle_days, rate_ppm, fee_bps, amount, fee,
            principal, staked_at, due_at, ledger_key, bonus_fcc)
          VALUES (${u.id}, 2, 30, 12000, 200, ${(100n * U).toString()}, 0, ${(100n * U).toString()}, '2031-04-06',
            '2031-05-06T01:00:00Z', 'ops-budget-4', ${(50n * U).toString()})`);
        await db.db.execute(sql`INSERT INTO settlement_runs (day, step) VALUES ('2031-05-05', 'maturity')
          ON CONFLICT DO NOTHING`);
        await db.db.execute(sql`INSERT INTO income_budget_days (day, paid, held)
          VALUES ('2031-05-06', ${(7n * U).toString()}, ${(40n * U).toString()})`);
        await writeSetting(db.db, 'income_daily_budget_wei', String(10n * U));
        try {
          expect(await show()).toMatchObject({
            ok: true,
            result: {
              budget: '10',
              paid: '7',
              left: '3',
              lastHeld: '40',
              held: {
                redemptionInterest: { count: 2, usdt: '5' },
                // at the default FCC price of 1 USDT
                fccBonus: { count: 1, fcc: '40', usdt: '40' },
              },
            },
          });
        } finally {
          await writeSetting(db.db, 'income_daily_budget_wei', null);
        }
      });

      it('reviews card applications along their states and sets manual quotes', async () => {
        const [u] = await db.db
          .insert(users)
          .values({ address: '0x00000000000000000000000000000000000000b2' })
          .returning();
        const [c] = await db.db
          .insert(cardApplications)
          .values({ userId: u?.id ?? 0, kind: 'virtual', name: 'N', phone: '123456' })
          .returning();
        const id = String(c?.id);
        expect(await ops('card:review', id, 'issued')).toMatchObject({
          ok: false,
          error: expect.stringContaining('refused'),
        });
        expect(await ops('card:review', id, 'reviewed')).toMatchObject({
          ok: true,
          result: { state: 'reviewed' },
        });
        expect(await ops('card:review', id, 'issued', '--note', 'sent')).toMatchObject({
          ok: true,
          result: { state: 'issued' },
        });
        expect(await ops('card:review', id, 'lost')).toMatchObject({ ok: false });
        expect(await ops('quote:set', 'eth', '3200.12', '--name', 'Ethereum')).toEqual({
          ok: true,
          result: { symbol: 'ETH', price: '3200.12' },
        });
        expect(await ops('quote:set', 'eth', '-1')).toMatchObject({ ok: false });
        expect(await ops('nope')).toMatchObject({
          ok: false,
          error: expect.stringContaining('unknown command'),
        });
      });
    });
  });
}
