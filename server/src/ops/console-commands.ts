// Operator commands of the web console (docs/operations.md "Operators and the console"); the CLI runs them too. Each takes the
// same raw arguments from a command line or from a console request body.
import { readFileSync } from 'node:fs';
import * as admin from '@free/protocol/api/admin';
import { z } from 'zod';
import { SHOP_ORDER_STATES } from '../db/schema/index.ts';
import { csvLines, grantAllocations } from '../services/admin-allocations.ts';
import { userByAddress } from '../services/admin-users.ts';
import { revokeUserSessions } from '../services/auth.ts';
import { removeBanner } from '../services/content-types.ts';
import { fomoBalance, fundFomo } from '../services/fomo.ts';
import { setMachineStock, upsertMachine } from '../services/machines.ts';
import { MoneyLimitError, moneyLimitsOf, setMoneyLimit } from '../services/money-limits.ts';
import { getSettings, SettingError } from '../services/settings.ts';
import { listShopOrders, setProductStock, upsertProduct } from '../services/shop.ts';
import { toAllocationImportView, toAllocationLineView, toMoneyLimitView } from '../views/admin-money.ts';
import { toFomoFundedView } from '../views/fomo.ts';
import { toAdminShopOrderView } from '../views/shop.ts';
import { addressArg, amountArg, type Command, idArg, LANGS, OpsError, type Parsed } from './kit.ts';

const refArg = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1–64 letters, digits, _ . : -');
const kindArg = z.enum(admin.ALLOCATION_KINDS);
const releaseDaysArg = z.coerce.number().int().min(1).max(3650).optional();

/** A JSON argument of a command line (the console sends the object itself). */
function jsonArg(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // the schema refuses it with its own message
  }
}

const stockFrom = (p: Parsed) => ({
  code: p.positional[0],
  stock:
    p.positional[1] === 'unlimited'
      ? null
      : p.positional[1] === undefined
        ? undefined
        : Number(p.positional[1]),
});

const machineSchema = admin.machineSaveBody.extend({ price: amountArg('price') });
const productSchema = admin.productSaveBody.extend({ price: amountArg('price') });
const shopOrdersSchema = admin.adminShopOrdersQuery.extend({ lang: z.enum(LANGS).optional() });

export const CONSOLE_COMMANDS = {
  'fomo:fund': {
    usage: 'fomo:fund <amount> --ref <ref>   (FREE into the FOMO pool; the same ref again changes nothing)',
    schema: z.object({ amount: amountArg('amount'), ref: refArg }),
    from: (p) => ({ amount: p.positional[0], ref: p.flags.ref }),
    run: async (a: { amount: bigint; ref: string }, d) => {
      const added = await fundFomo(d.db.db, a.amount, a.ref);
      return toFomoFundedView({ ...a, added, balance: await fomoBalance(d.db.db) });
    },
  },
  'allocation:grant': {
    usage:
      'allocation:grant <address> <amount> --kind airdrop|presale|exclusive_airdrop|fcc_bonus [--unlock iso] [--end iso | --days n] [--batch label]   (exclusive_airdrop and fcc_bonus are credited at once, without a window)',
    schema: z.object({
      address: addressArg,
      amount: z.string().min(1).max(80),
      kind: kindArg,
      unlockAt: z.string().max(40).optional(),
      endAt: z.string().max(40).optional(),
      releaseDays: releaseDaysArg,
      batch: z.string().max(40).optional(),
    }),
    from: (p) => ({
      address: p.positional[0],
      amount: p.positional[1],
      kind: p.flags.kind,
      unlockAt: p.flags.unlock,
      endAt: p.flags.end,
      releaseDays: p.flags.days,
      batch: p.flags.batch,
    }),
    run: async (
      a: {
        address: string;
        amount: string;
        kind: admin.AllocationKind;
        unlockAt?: string;
        endAt?: string;
        releaseDays?: number;
        batch?: string;
      },
      d,
    ) => {
      const r = await grantAllocations(
        d.db,
        [{ line: 1, address: a.address, amount: a.amount, unlockAt: a.unlockAt, endAt: a.endAt }],
        { kind: a.kind, now: d.now(), releaseDays: a.releaseDays, batch: a.batch, dryRun: false },
      );
      const line = r.lines[0];
      if (!line || line.error)
        throw new OpsError(line?.error ?? 'nothing to grant', line?.refusal ?? { reason: 'empty' });
      return toAllocationLineView(line);
    },
  },
  'allocation:import': {
    usage:
      'allocation:import --kind airdrop|presale|exclusive_airdrop|fcc_bonus --file <csv> [--days n] [--batch label] [--apply]   (lines address,amount[,unlockAt[,endAt]], only address,amount for the credited kinds; a dry run without --apply)',
    schema: z
      .object({
        kind: kindArg,
        csv: z.string().max(60_000).optional(),
        file: z.string().min(1).optional(),
        dryRun: z.boolean(),
        releaseDays: releaseDaysArg,
        batch: z.string().max(40).optional(),
      })
      .refine((a) => (a.csv === undefined) !== (a.file === undefined), {
        message: 'give the CSV text or a --file',
        path: ['csv'],
      }),
    from: (p) => ({
      kind: p.flags.kind,
      file: p.flags.file,
      dryRun: p.flags.apply !== 'true',
      releaseDays: p.flags.days,
      batch: p.flags.batch,
    }),
    run: async (
      a: {
        kind: admin.AllocationKind;
        csv?: string;
        file?: string;
        dryRun: boolean;
        releaseDays?: number;
        batch?: string;
      },
      d,
    ) => {
      let csv = a.csv ?? '';
      if (a.file) {
        try {
          csv = readFileSync(a.file, 'utf8');
        } catch (err) {
          throw new OpsError(`cannot read --file ${a.file}: ${(err as Error).message}`, {
            reason: 'invalid',
            field: 'file',
          });
        }
      }
      const lines = csvLines(csv);
      if (lines.length === 0) throw new OpsError('the CSV has no lines', { reason: 'empty' });
      return toAllocationImportView(
        await grantAllocations(d.db, lines, {
          kind: a.kind,
          now: d.now(),
          releaseDays: a.releaseDays,
          batch: a.batch,
          dryRun: a.dryRun,
        }),
      );
    },
  },
  'limits:get': {
    usage: 'limits:get   (the withdrawal limits of both coins and the income budget, in token units)',
    schema: z.object({}),
    from: () => ({}),
    run: async (_a: Record<string, never>, d) =>
      moneyLimitsOf(await getSettings(d.db.db)).map(toMoneyLimitView),
  },
  'limit:set': {
    usage: `limit:set <key> <amount|none>   (key: ${admin.MONEY_LIMIT_KEYS.join('|')}; amount in token units, none = no limit where allowed)`,
    schema: z.object({
      key: z.enum(admin.MONEY_LIMIT_KEYS),
      amount: amountArg('amount').nullable(),
    }),
    from: (p) => ({ key: p.positional[0], amount: p.positional[1] === 'none' ? null : p.positional[1] }),
    run: async (a: { key: admin.MoneyLimitKey; amount: bigint | null }, d) => {
      try {
        return toMoneyLimitView(await setMoneyLimit(d.db.db, a.key, a.amount, d.now()));
      } catch (err) {
        if (err instanceof MoneyLimitError)
          throw new OpsError(err.message, { reason: err.refusal, field: a.key });
        if (err instanceof SettingError) throw new OpsError(err.message, { reason: 'invalid', field: a.key });
        throw err;
      }
    },
  },
  'shop:orders': {
    usage: `shop:orders [--state ${SHOP_ORDER_STATES.join('|')}] [--page n] [--size n]   (every user's shop orders, newest first)`,
    // the console passes its reader's language for the product names
    schema: shopOrdersSchema,
    from: (p) => ({ state: p.flags.state, page: p.flags.page, size: p.flags.size }),
    run: async (a: z.infer<typeof shopOrdersSchema>, d) => {
      const r = await listShopOrders(d.db.db, { ...a, lang: a.lang ?? 'en' });
      return { ...r, list: r.list.map(toAdminShopOrderView) };
    },
  },
  'machine:save': {
    usage: 'machine:save <json>   (adds or updates a mining machine by code; see POST /api/admin/machines)',
    schema: machineSchema,
    from: (p) => jsonArg(p.positional[0]),
    run: async (a: z.infer<typeof machineSchema>, d) => ({
      id: await upsertMachine(d.db.db, { ...a, hashrate: BigInt(a.hashrate) }),
      code: a.code,
    }),
  },
  'product:save': {
    usage: 'product:save <json>   (adds or updates a shop product by code; see POST /api/admin/products)',
    schema: productSchema,
    from: (p) => jsonArg(p.positional[0]),
    run: async (a: z.infer<typeof productSchema>, d) => ({
      id: await upsertProduct(d.db.db, a),
      code: a.code,
    }),
  },
  'machine:stock': {
    usage: 'machine:stock <code> <n|unlimited>',
    schema: admin.stockSetBody,
    from: stockFrom,
    run: async (a: { code: string; stock: number | null }, d) => {
      if (!(await setMachineStock(d.db.db, a.code, a.stock)))
        throw new OpsError(`no machine ${a.code}`, { reason: 'notFound', subject: a.code });
      return { code: a.code, stock: a.stock };
    },
  },
  'product:stock': {
    usage: 'product:stock <code> <n|unlimited>',
    schema: admin.stockSetBody,
    from: stockFrom,
    run: async (a: { code: string; stock: number | null }, d) => {
      if (!(await setProductStock(d.db.db, a.code, a.stock)))
        throw new OpsError(`no product ${a.code}`, { reason: 'notFound', subject: a.code });
      return { code: a.code, stock: a.stock };
    },
  },
  'banner:remove': {
    usage: 'banner:remove <id>',
    schema: z.object({ id: idArg }),
    from: (p) => ({ id: p.positional[0] }),
    run: async (a: { id: number }, d) => {
      if (!(await removeBanner(d.db.db, a.id)))
        throw new OpsError(`banner ${a.id} not found`, { reason: 'notFound', subject: String(a.id) });
      return { id: a.id, removed: true as const };
    },
  },
  'session:revoke': {
    usage: 'session:revoke <address> [--session id]   (without --session: every live session)',
    schema: z.object({ address: addressArg, session: idArg.optional() }),
    from: (p) => ({ address: p.positional[0], session: p.flags.session }),
    run: async (a: { address: string; session?: number }, d) => {
      const user = await userByAddress(d.db.db, a.address);
      if (!user)
        throw new OpsError(`no user with address ${a.address}`, { reason: 'notFound', subject: a.address });
      // the auth service also drops the sessions from this process's session cache
      const revoked = await revokeUserSessions(
        d.db.db,
        user.id,
        a.session === undefined ? { all: true } : { id: a.session },
        d.now(),
      );
      if (a.session !== undefined && revoked === 0)
        throw new OpsError(`no live session ${a.session}`, {
          reason: 'notFound',
          subject: String(a.session),
        });
      return { address: a.address, revoked };
    },
  },
} satisfies Record<string, Command>;
