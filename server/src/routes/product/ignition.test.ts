// HTTP behaviour of ignition: the configured FREE burned once, the burn record waiting for its
// on-chain confirmation, and refusals that change nothing.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { describe, expect, it } from 'vitest';
import { authHeaders, BACKEND } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';
import { bal } from '../../../test/support/staking-orders-fixtures.ts';
import { confirmOffchainBurns } from '../../services/burn.ts';

describe.each(BACKEND)('ignition routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'ignition', modules: { ignition: true } });

  describe('ignition', () => {
    it('burns the configured FREE once, then refuses; the burn waits for on-chain confirmation', async () => {
      const me = await s.user(0n, 150n * U);
      const fire = await s.get(me.token, '/api/user/fire');
      expect(fire.data).toMatchObject({ ignited: false, requiredFree: '100', walletFree: '150', open: true });
      const r = await s.post(me.token, '/api/user/fire/ignite');
      expect(r.code).toBe(200);
      // the success envelope of every command: no text of its own (a client shows its own, translated)
      expect(r.msg).toBe('ok');
      expect(r.data).toMatchObject({ ignited: true, burned: '100' });
      expect(await bal(s.t.db, me.userId, 'FREE')).toBe(50n * U);
      const after = await s.get(me.token, '/api/user/fire');
      expect(after.data.ignited).toBe(true);
      expect(after.data.records[0]).toMatchObject({
        type: 'ignition',
        quantity: '100',
        pending: true,
        onChain: false,
      });
      const id = Number(String(after.data.records[0].id).slice(1));
      expect(await confirmOffchainBurns(s.t.db.db, { txHash: `0x${'ab'.repeat(32)}`, ids: [id] })).toBe(1);
      expect(await confirmOffchainBurns(s.t.db.db, { txHash: `0x${'cd'.repeat(32)}`, ids: [id] })).toBe(0);
      const confirmed = (await s.get(me.token, '/api/user/burn/records')).data.list[0];
      expect(confirmed).toMatchObject({ type: 'ignition', pending: false, txHash: `0x${'ab'.repeat(32)}` });
      const before = await s.snapshot();
      expect((await s.post(me.token, '/api/user/fire/ignite')).code).toBe(1203);
      expect(await s.snapshot()).toEqual(before);
    });

    it('answers a retry with the same Idempotency-Key as the first time, byte for byte, and burns once', async () => {
      const me = await s.user(0n, 150n * U);
      const tap = () =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/user/fire/ignite',
          headers: { ...authHeaders(s.t, me.token), 'idempotency-key': 'ignite-retry-0001' },
        });
      const first = await tap();
      expect(first.json()).toMatchObject({ code: 200, data: { ignited: true, burned: '100' } });
      const before = await s.snapshot();
      // the answer was lost on the way: the app sends the same request again
      const again = await tap();
      expect(again.body).toBe(first.body);
      expect(await s.snapshot()).toEqual(before);
      expect(await bal(s.t.db, me.userId, 'FREE')).toBe(50n * U);
      // a new tap (a new key) is refused: the account is ignited already
      expect((await s.post(me.token, '/api/user/fire/ignite', undefined, 'ignite-retry-0002')).code).toBe(
        1203,
      );
    });

    it('refuses without enough FREE and changes nothing', async () => {
      const me = await s.user(0n, 99n * U);
      const before = await s.snapshot();
      expect((await s.post(me.token, '/api/user/fire/ignite')).code).toBe(1005);
      expect(await s.snapshot()).toEqual(before);
      expect((await s.get(me.token, '/api/user/fire')).data.ignited).toBe(false);
    });
  });
});
