// The settings registry: one cached reader for every key, a write that validates and is seen at
// once in its process, a row written by another process seen after the TTL.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb } from '../../test/helpers.ts';
import type { DbHandle } from '../db/client.ts';
import {
  DEFAULT_SETTINGS,
  getSettings,
  SETTINGS_CACHE_TTL_MS,
  SettingError,
  seedSettings,
  settingsClock,
  teamRulesOf,
  writeSetting,
} from './settings.ts';

for (const backend of BACKEND) {
  describe(backend.name, () => {
    let db: DbHandle;
    const realNow = settingsClock.now;
    let offset = 0;
    beforeAll(async () => {
      db = await openTestDb(backend.url);
      await seedSettings(db.db);
      settingsClock.now = () => realNow() + offset;
    });
    afterEach(() => {
      offset += SETTINGS_CACHE_TTL_MS + 1;
    });
    afterAll(async () => {
      settingsClock.now = realNow;
      await db?.close();
    });

    // a row written the way another process (the ops CLI) writes it: this process is not told
    const writeElsewhere = (key: string, value: unknown) =>
      db.db.execute(sql`UPDATE config SET value = ${JSON.stringify(value)}::jsonb WHERE key = ${key}`);

    describe('settings registry', () => {
      it('answers every key typed, with defaults for keys never stored', async () => {
        const s = await getSettings(db.db);
        expect(s.withdraw_min_wei).toBe(DEFAULT_SETTINGS.withdraw_min_wei);
        expect(s['product.rounds'].period_ms).toBe(60_000);
        expect(s.product_money.compute_every_rounds).toBe(3);
        expect(teamRulesOf(s).parentsMax).toBe(10);
      });

      it('serves its copy until the TTL passes, then reads what another process wrote', async () => {
        expect((await getSettings(db.db)).twitter_url).toBe('https://x.com/');
        await writeElsewhere('twitter_url', 'https://x.com/elsewhere');
        expect((await getSettings(db.db)).twitter_url).toBe('https://x.com/');
        offset += SETTINGS_CACHE_TTL_MS;
        expect((await getSettings(db.db)).twitter_url).toBe('https://x.com/elsewhere');
      });

      it('a write through the registry is read at once, also inside a transaction', async () => {
        await getSettings(db.db);
        await writeSetting(db.db, 'telegram_url', 'https://t.me/free');
        expect((await getSettings(db.db)).telegram_url).toBe('https://t.me/free');
        await db.transaction(async (tx) => {
          expect((await getSettings(tx)).telegram_url).toBe('https://t.me/free');
        });
      });

      it('refuses a value its schema refuses and an unknown key, changing nothing', async () => {
        await expect(writeSetting(db.db, 'product.rounds', { period_ms: 5 })).rejects.toThrow(SettingError);
        await expect(writeSetting(db.db, 'nope' as 'twitter_url', 'x')).rejects.toThrow(/unknown config key/);
        await expect(writeSetting(db.db, 'team.parentsMax', 99)).rejects.toThrow(/team.parentsMax/);
        expect((await getSettings(db.db))['product.rounds'].period_ms).toBe(60_000);
      });

      it('merges a partial object setting and falls back field by field on a bad stored field', async () => {
        await writeSetting(db.db, 'product_money', { compute_every_rounds: 5 });
        let s = await getSettings(db.db);
        expect(s.product_money.compute_every_rounds).toBe(5);
        expect(s.product_money.compute_share_bps).toBe(2000);
        await writeElsewhere('product_money', { ...s.product_money, compute_share_bps: -1 });
        offset += SETTINGS_CACHE_TTL_MS;
        s = await getSettings(db.db);
        expect(s.product_money.compute_every_rounds).toBe(5);
        expect(s.product_money.compute_share_bps).toBe(2000);
        await writeSetting(db.db, 'modules', { fomo: true });
        s = await getSettings(db.db);
        expect(s.modules).toMatchObject({ fomo: true, staking: true });
      });

      it('hands out values that cannot be changed by a caller by mistake', async () => {
        const s = await getSettings(db.db);
        expect(() => {
          const first = s.cycles[0] as { days: number };
          first.days = 1;
        }).toThrow(TypeError);
      });
    });
  });
}
