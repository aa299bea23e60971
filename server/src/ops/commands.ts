// Operator commands (`npm run ops -- <command> …`): each validated with zod, run, and logged to
// ops_log with its arguments and outcome. The chain-touching ones take an injectable ChainOps.
import { readFileSync } from 'node:fs';
import type { CommandRefusal, CommandResult, ResultCommand } from '@free/protocol/api/admin';
import type { WithdrawState } from '@free/protocol/api/wallet';
import type { LanguageCode } from '@free/protocol/languages';
import type { Address } from 'viem';
import { z } from 'zod';
import { CARD_STATES } from '../db/schema/cards.ts';
import { opsLog, WITHDRAWAL_STATES } from '../db/schema/index.ts';
import { closeUnmined } from '../jobs/hot-wallet.ts';
import { retireWallet } from '../jobs/hot-wallet-rotation.ts';
import { snapshotAndPublish } from '../jobs/liabilities.ts';
import { AppError } from '../lib/errors.ts';
import { reviewCard } from '../services/cards.ts';
import { ARTICLE_TYPES, addBanner, publishArticle } from '../services/content-types.ts';
import { incomeBudgetFigures } from '../services/income-budget.ts';
import { setQuote } from '../services/quotes.ts';
import { reconcile } from '../services/reconcile.ts';
import {
  getSettings,
  isSettingKey,
  SettingError,
  type SettingKey,
  writeSetting,
} from '../services/settings.ts';
import { moveShopOrder } from '../services/shop.ts';
import { liveSignatures } from '../services/signatures.ts';
import { listUnmatchedPayments } from '../services/unmatched-payments.ts';
import {
  approveWithdrawal,
  recentWithdrawals,
  rejectWithdrawal,
  WithdrawalMayBePaidError,
  WithdrawalStateError,
} from '../services/withdraw.ts';
import { toAdminWithdrawalView, toUnmatchedPaymentsView } from '../views/admin-money.ts';
import { toCardView } from '../views/cards.ts';
import { toLiabilitiesPublishedView } from '../views/liabilities.ts';
import { toHotWalletSweepView, toIncomeBudgetView, toReserveFundedView } from '../views/ops.ts';
import { toQuoteSetView } from '../views/quotes.ts';
import { type ReconciliationView, toReconciliationView } from '../views/reconcile.ts';
import { CONSOLE_COMMANDS } from './console-commands.ts';
import {
  addressArg,
  amountArg,
  type Command,
  idArg,
  LANGS,
  type OpsDeps,
  OpsError,
  type Parsed,
} from './kit.ts';
import { type RestoreReport, restoreCheck } from './restore.ts';

export type { ChainOps, OpsDeps, Parsed } from './kit.ts';

/** `a b --k v --flag` → positional [a, b], flags { k: v, flag: 'true' } */
export function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          flags[a.slice(2)] = next;
          i++;
        } else flags[a.slice(2)] = 'true';
      }
    } else positional.push(a);
  }
  return { positional, flags };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new OpsError(`value is not JSON: ${text} (quote strings: '"https://…"')`, {
      reason: 'invalid',
      field: 'value',
    });
  }
}

const NO_CHAIN = 'no chain connection (RPC_URL / deployment file)';

/** A setting refused: its key unknown, or its value refused by its schema. */
const settingRefusal = (key: string): CommandRefusal =>
  isSettingKey(key) ? { reason: 'invalid', field: key } : { reason: 'notFound', subject: key };

/** Runs a service call, turning its state refusal into the operator's message. */
async function asOps<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WithdrawalStateError)
      throw new OpsError(
        err.message,
        err.state === null
          ? { reason: 'notFound', subject: String(err.id) }
          : { reason: 'wrongState', subject: String(err.id), state: err.state },
      );
    if (err instanceof WithdrawalMayBePaidError)
      throw new OpsError(
        err.message,
        err.noChain ? { reason: 'noChain' } : { reason: 'mayBePaid', subject: String(err.id) },
      );
    throw err;
  }
}

const COMMAND_TABLE = {
  'config:set': {
    usage:
      'config:set <key> <json>   e.g. config:set modules \'{"ai_trade":true}\' (validated by the settings registry; object settings like modules merge)',
    schema: z.object({ key: z.string().min(1), value: z.string().min(1) }),
    from: (p) => ({ key: p.positional[0], value: p.positional[1] }),
    run: async (a: { key: string; value: string }, d) => {
      const value = parseJson(a.value);
      try {
        // an unknown key or a value its schema refuses is a SettingError naming the problem
        return { key: a.key, value: await writeSetting(d.db.db, a.key as SettingKey, value, d.now()) };
      } catch (err) {
        if (err instanceof SettingError) throw new OpsError(err.message, settingRefusal(a.key));
        throw err;
      }
    },
  },
  'config:get': {
    usage: 'config:get [key]',
    schema: z.object({ key: z.string().optional() }),
    from: (p) => ({ key: p.positional[0] }),
    run: async (a: { key?: string }, d) => {
      // the values in force (stored, else default), as the server reads them
      const all = await getSettings(d.db.db);
      if (a.key) {
        if (!isSettingKey(a.key))
          throw new OpsError(`no config key ${a.key}`, { reason: 'notFound', subject: a.key });
        return { [a.key]: all[a.key] };
      }
      return all;
    },
  },
  'article:publish': {
    usage:
      'article:publish --type <type> --lang <lang> --title <title> --body-file <path> [--slug s] [--summary s] [--cover url]',
    // the console sends the text as `body` instead of a file
    schema: z.object({
      type: z.enum(ARTICLE_TYPES),
      lang: z.enum(LANGS),
      title: z.string().min(1).max(200),
      bodyFile: z.string().min(1).optional(),
      body: z.string().min(1).max(50_000).optional(),
      slug: z
        .string()
        .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _')
        .optional(),
      summary: z.string().max(500).optional(),
      cover: z.string().max(500).optional(),
    }),
    from: (p) => ({
      type: p.flags.type,
      lang: p.flags.lang,
      title: p.flags.title,
      bodyFile: p.flags['body-file'],
      slug: p.flags.slug,
      summary: p.flags.summary,
      cover: p.flags.cover,
    }),
    run: async (
      a: {
        type: (typeof ARTICLE_TYPES)[number];
        lang: LanguageCode;
        title: string;
        bodyFile?: string;
        body?: string;
        slug?: string;
        summary?: string;
        cover?: string;
      },
      d,
    ) => {
      let content = a.body ?? '';
      if (a.bodyFile !== undefined) {
        try {
          content = readFileSync(a.bodyFile, 'utf8');
        } catch (err) {
          throw new OpsError(`cannot read --body-file ${a.bodyFile}: ${(err as Error).message}`, {
            reason: 'invalid',
            field: 'bodyFile',
          });
        }
      }
      if (!content)
        throw new OpsError('give the article text with --body-file', { reason: 'invalid', field: 'body' });
      const slug =
        a.slug ??
        (a.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 64) ||
          `${a.type}-${d.now().getTime()}`);
      const id = await publishArticle(d.db.db, {
        slug,
        type: a.type,
        language: a.lang,
        title: a.title,
        summary: a.summary ?? '',
        content,
        cover: a.cover ?? null,
        publishedAt: d.now(),
      });
      return { id, slug, language: a.lang };
    },
  },
  'banner:add': {
    usage: 'banner:add --image <url> [--link url] [--lang code] [--sort n]',
    schema: z.object({
      image: z.string().min(1).max(500),
      link: z.string().max(500).optional(),
      lang: z.enum(LANGS).optional(),
      sort: z.coerce.number().int().min(-1000).max(1000).optional(),
    }),
    from: (p) => ({ image: p.flags.image, link: p.flags.link, lang: p.flags.lang, sort: p.flags.sort }),
    run: async (a: { image: string; link?: string; lang?: string; sort?: number }, d) => ({
      id: await addBanner(d.db.db, {
        image: a.image,
        link: a.link ?? null,
        language: a.lang ?? null,
        sort: a.sort ?? 0,
      }),
    }),
  },
  'reserve:fund': {
    usage: 'reserve:fund <amount>   (USDT, approved and sent by the Staking owner)',
    schema: z.object({ amount: amountArg('amount') }),
    from: (p) => ({ amount: p.positional[0] }),
    run: async (a: { amount: bigint }, d) => {
      if (!d.chain) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      return toReserveFundedView(a.amount, await d.chain.fundReserve(a.amount));
    },
  },
  'signer:add': {
    usage:
      'signer:add <address>   (Staking + Payment addSigner: both keys accepted until signer:remove of the old one)',
    schema: z.object({ address: addressArg }),
    from: (p) => ({ address: p.positional[0] }),
    run: async (a: { address: Address }, d) => {
      if (!d.chain) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      const r = await d.chain.addSigner(a.address);
      await writeSetting(d.db.db, 'signer_address', a.address, d.now());
      return {
        signer: a.address,
        ...r,
        next: 'set SIGNER_KEY to this address’s key and `signer` in DEPLOYMENT_FILE to this address, restart the API processes one at a time, then `signer:remove <old address>`',
      };
    },
  },
  'signer:remove': {
    usage:
      'signer:remove <address> [--leaked]   (Staking + Payment removeSigner; refused while the API signs with it, or, unless --leaked, while a signature of it can still be submitted)',
    schema: z.object({ address: addressArg, leaked: z.boolean() }),
    from: (p) => ({ address: p.positional[0], leaked: p.flags.leaked === 'true' }),
    run: async (a: { address: Address; leaked: boolean }, d) => {
      if (!d.chain) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      if (d.signerInUse && d.signerInUse.toLowerCase() === a.address.toLowerCase())
        throw new OpsError(
          `${a.address} is the signer DEPLOYMENT_FILE names (the key the API signs with): switch SIGNER_KEY and the file to the new signer first`,
          { reason: 'invalid', field: 'address' },
        );
      const live = await liveSignatures(d.db.db, a.address, await d.chain.chainTime());
      // a leaked key goes at once: its unexpired orders and inviter signatures are refused on chain
      if (live.count > 0 && !a.leaked)
        throw new OpsError(
          `${live.count} signature(s) made with ${a.address} (or before signers were recorded) can still be submitted on chain, the last until ${live.until?.toISOString()}; run signer:remove again after that`,
          { reason: 'invalid', field: 'address' },
        );
      const accepted = await d.chain.signerAccepted(a.address);
      if (!accepted.staking && !accepted.payment)
        throw new OpsError(`${a.address} is not a signer of Staking or Payment`, {
          reason: 'invalid',
          field: 'address',
        });
      const r = await d.chain.removeSigner(a.address);
      return { removed: a.address, ...r, ...(a.leaked ? { refusedSignatures: live.count } : {}) };
    },
  },
  'hotwallet:drain': {
    usage:
      'hotwallet:drain <old address>   (signs nothing new with it; run again until drained: its outbox settled and every transaction final)',
    schema: z.object({ address: addressArg }),
    from: (p) => ({ address: p.positional[0] }),
    run: async (a: { address: Address }, d) => {
      if (!d.hotWallet) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      const s = await retireWallet(d.db, d.hotWallet, a.address, d.now());
      return {
        ...s,
        next: s.drained
          ? 'drained: `hotwallet:sweep <new address>` with this wallet’s key, then set HOT_WALLET_KEY and `hotWallet` in DEPLOYMENT_FILE to the new wallet and restart the jobs processes'
          : 'the jobs still settle its transactions (and sign nothing new with it): run again in a few blocks',
      };
    },
    alarm: (r: { drained: boolean; open: unknown[] }) =>
      r.drained
        ? null
        : `not drained yet: ${r.open.length} open outbox transaction(s) or a transaction not final`,
  },
  'hotwallet:sweep': {
    usage:
      'hotwallet:sweep <new address>   (USDT, FREE and BNB of the drained wallet of HOT_WALLET_KEY to the new one)',
    schema: z.object({ address: addressArg }),
    from: (p) => ({ address: p.positional[0] }),
    run: async (a: { address: Address }, d) => {
      if (!d.sweepHotWallet)
        throw new OpsError('set HOT_WALLET_KEY (or HOT_WALLET_KEY_FILE) to the old wallet’s key', {
          reason: 'noChain',
        });
      return toHotWalletSweepView(await d.sweepHotWallet(a.address));
    },
  },
  'withdrawals:list': {
    usage: `withdrawals:list [--state ${WITHDRAWAL_STATES.join('|')}] [--limit n]`,
    schema: z.object({
      state: z.enum(WITHDRAWAL_STATES).optional(),
      limit: z.coerce.number().int().min(1).max(1000).default(50),
    }),
    from: (p) => ({ state: p.flags.state, limit: p.flags.limit }),
    run: async (a: { state?: string; limit: number }, d) => {
      const rows = await recentWithdrawals(d.db.db, a.state as WithdrawState | undefined, a.limit);
      return rows.map(toAdminWithdrawalView);
    },
  },
  'payments:unmatched': {
    usage:
      'payments:unmatched [--page n] [--size n]   (payments on chain that credited no order: unknown order, other payer, token or receiver)',
    schema: z.object({
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(1000).default(50),
    }),
    from: (p) => ({ page: p.flags.page, size: p.flags.size }),
    run: async (a: { page: number; size: number }, d) =>
      toUnmatchedPaymentsView(await listUnmatchedPayments(d.db.db, a)),
  },
  'withdrawals:approve': {
    usage: 'withdrawals:approve <id>   (a withdrawal in review is queued; the payout worker pays it)',
    schema: z.object({ id: idArg }),
    from: (p) => ({ id: p.positional[0] }),
    run: async (a: { id: number }, d) => {
      const w = await asOps(() => approveWithdrawal(d.db, a.id, d.now()));
      return { id: w.id, state: w.state, approved: true as const };
    },
  },
  'withdrawals:reject': {
    usage:
      'withdrawals:reject <id> --reason text   (in review, queued, or unresolved and proven unpaid on chain: failed, the reason shown to the user, refunded once)',
    schema: z.object({ id: idArg, reason: z.string().trim().min(1).max(200) }),
    from: (p) => ({ id: p.positional[0], reason: p.flags.reason }),
    run: async (a: { id: number; reason: string }, d) => {
      const view = d.hotWallet;
      // an unresolved one: refused unless the chain proves none of its transactions was or can be mined
      const close = view
        ? (tx: Parameters<typeof closeUnmined>[0], id: number, why: string) =>
            closeUnmined(tx, view, { kind: 'withdrawal', refId: id }, why)
        : undefined;
      const w = await asOps(() => rejectWithdrawal(d.db, a.id, a.reason, d.now(), close));
      return { id: w.id, state: w.state, reason: w.rejectReason };
    },
  },
  reconcile: {
    usage:
      'reconcile   (USDT and FREE: ledger owed vs hot wallet + treasury on chain; exit 2 when short or a withdrawal was paid after its refund)',
    schema: z.object({}),
    from: () => ({}),
    run: async (_a: Record<string, never>, d) => {
      if (!d.holdings) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      return (await reconcile(d.db.db, d.holdings)).map(toReconciliationView);
    },
    alarm: (result: ReconciliationView[]) => {
      const short = result.filter((r) => r.short !== '0');
      const twice = result.filter((r) => r.paidAfterRefund > 0);
      const lines = [
        ...(short.length === 0
          ? []
          : [`reconcile: the platform is short: ${short.map((r) => `${r.short} ${r.token}`).join(', ')}`]),
        ...(twice.length === 0
          ? []
          : [
              `reconcile: withdrawals paid on chain after their refund: ${twice.map((r) => `${r.paidAfterRefund} ${r.token}`).join(', ')}`,
            ]),
      ];
      return lines.length === 0 ? null : lines.join('\n');
    },
  },
  'restore:check': {
    usage:
      "restore:check   (after a restore or failover: compares the hot wallet's transactions, withdrawals and burns with the chain, records what it paid, and lets the jobs run again; exit 2 while something holds them or a transaction is unmatched)",
    schema: z.object({}),
    from: () => ({}),
    run: async (_a: Record<string, never>, d) => {
      if (!d.restore) throw new OpsError(NO_CHAIN, { reason: 'noChain' });
      return restoreCheck({ ...d.restore, db: d.db, now: d.now });
    },
    alarm: (r: RestoreReport) => {
      const lines = [
        ...r.holding.map((h) => `restore:check: holding the jobs: ${h.what}${h.tx ? ` (${h.tx})` : ''}`),
        ...r.unmatched.map((u) => `restore:check: nonce ${u.nonce}, ${u.tx}: ${u.what}`),
      ];
      if (!r.cleared)
        lines.push('restore:check: the jobs stay stopped; run it again once the above is settled');
      return lines.length === 0 ? null : lines.join('\n');
    },
  },
  'liabilities:publish': {
    usage:
      'liabilities:publish   (takes a proof-of-liabilities snapshot now and signs its publication into the hot-wallet outbox; the server sends it)',
    schema: z.object({}),
    from: () => ({}),
    run: async (_a: Record<string, never>, d) => {
      if (!d.liabilities)
        throw new OpsError(`${NO_CHAIN} or no Liabilities contract in the deployment`, { reason: 'noChain' });
      const { snapshot, signed } = await snapshotAndPublish({ ...d.liabilities, db: d.db }, d.now());
      return toLiabilitiesPublishedView(snapshot, signed);
    },
  },
  'income:budget': {
    usage:
      "income:budget   (today's income budget (UTC), income paid, the last payment held, and what waits per kind: counts and sums)",
    schema: z.object({}),
    from: () => ({}),
    run: async (_a: Record<string, never>, d) =>
      toIncomeBudgetView(await incomeBudgetFigures(d.db.db, d.now())),
  },
  'card:review': {
    usage: 'card:review <id> <reviewed|issued|rejected> [--note text]',
    schema: z.object({ id: idArg, state: z.enum(CARD_STATES), note: z.string().max(300).optional() }),
    from: (p) => ({ id: p.positional[0], state: p.positional[1], note: p.flags.note }),
    run: async (a: { id: number; state: (typeof CARD_STATES)[number]; note?: string }, d) =>
      toCardView(await d.db.transaction((tx) => reviewCard(tx, a.id, a.state, d.now(), a.note))),
  },
  'shop:order': {
    usage: 'shop:order <id> <shipped|completed|cancelled>',
    schema: z.object({ id: idArg, state: z.enum(['shipped', 'completed', 'cancelled']) }),
    from: (p) => ({ id: p.positional[0], state: p.positional[1] }),
    run: async (a: { id: number; state: 'shipped' | 'completed' | 'cancelled' }, d) => {
      const o = await d.db.transaction((tx) => moveShopOrder(tx, a.id, a.state, d.now()));
      return { id: o.id, state: o.state };
    },
  },
  'quote:set': {
    usage: 'quote:set <symbol> <price> [--name text]   (price in USDT)',
    schema: z.object({
      symbol: z.string().regex(/^[A-Za-z0-9]{1,12}$/, '1–12 letters or digits'),
      price: amountArg('price'),
      name: z.string().max(60).optional(),
    }),
    from: (p) => ({ symbol: p.positional[0], price: p.positional[1], name: p.flags.name }),
    run: async (a: { symbol: string; price: bigint; name?: string }, d) =>
      toQuoteSetView(
        await setQuote(d.db.db, {
          symbol: a.symbol,
          name: a.name,
          price: a.price,
          source: 'manual',
          now: d.now(),
        }),
      ),
  },
  ...CONSOLE_COMMANDS,
} satisfies Record<string, Command>;

/** Every operator command by name (the CLI's and the console's). */
export const COMMANDS: Record<string, Command> = COMMAND_TABLE;

type ResultOf<C> = C extends { run: (...args: never[]) => Promise<infer R> } ? R : never;
/** The commands whose result is not what protocol's COMMAND_RESULTS says their route answers. */
type Mismatched = {
  [C in ResultCommand]: ResultOf<(typeof COMMAND_TABLE)[C]> extends CommandResult<C> ? never : C;
}[ResultCommand];
// a type check: names a command whose result and its schema in the endpoint map drifted apart
const resultsMatch: [Mismatched] extends [never] ? true : Mismatched = true;
void resultsMatch;

export const usage = () =>
  ['usage: npm run ops -- <command> [args]', '', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join(
    '\n',
  );

/** `alarm`: the command ran, but found something that must fail the command line. */
export type OpsResult =
  | { ok: true; result: unknown; alarm?: string }
  /** `error`: the operator's message (CLI, ops log); `refusal`: its stable code (console) */
  | { ok: false; error: string; refusal: CommandRefusal };

/** Runs one command line; every attempt with a known command is logged to ops_log. */
export async function runOps(argv: string[], deps: OpsDeps): Promise<OpsResult> {
  const [name, ...rest] = argv;
  const cmd = name ? COMMANDS[name] : undefined;
  if (!name || !cmd)
    return {
      ok: false,
      error: `${name ? `unknown command ${name}\n` : ''}${usage()}`,
      refusal: { reason: 'notFound', subject: name ?? '' },
    };
  return runCommand(name, cmd.from(parseArgs(rest)), deps);
}

/** The first argument refused by a command's schema: amounts and addresses say so (kit.ts). */
function issueRefusal(issue: z.core.$ZodIssue | undefined): CommandRefusal {
  const field = issue?.path.join('.') || 'args';
  const marked = (issue as { params?: { reason?: unknown } } | undefined)?.params?.reason;
  return { reason: marked === 'amount' || marked === 'address' ? marked : 'invalid', field };
}

/**
 * Runs one command on raw arguments (the CLI's parsed line, or the console's JSON body): validated,
 * run, and logged to ops_log with the actor's address (and the CLI's shell user), whatever the outcome.
 */
export async function runCommand(name: string, raw: unknown, deps: OpsDeps): Promise<OpsResult> {
  const cmd = COMMANDS[name];
  if (!cmd)
    return { ok: false, error: `unknown command ${name}`, refusal: { reason: 'notFound', subject: name } };
  const now = deps.now ?? (() => new Date());
  const log = async (ok: boolean, result: unknown, error: string | null) => {
    await deps.db.db.insert(opsLog).values({
      command: name,
      args: JSON.parse(JSON.stringify(raw ?? {}, (_k, v) => (v === undefined ? null : v))),
      ok,
      result:
        result === undefined
          ? null
          : JSON.parse(JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
      error,
      actor: deps.actor,
      shellUser: deps.shellUser ?? null,
      requestId: deps.requestId ?? null,
      createdAt: now(),
    });
  };
  const parsed = cmd.schema.safeParse(raw);
  if (!parsed.success) {
    const error = `${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'args'}: ${i.message}`).join('; ')}\n  usage: ${cmd.usage}`;
    await log(false, null, error);
    return { ok: false, error, refusal: issueRefusal(parsed.error.issues[0]) };
  }
  try {
    const result = await cmd.run(parsed.data as never, { ...deps, now });
    const alarm = cmd.alarm?.(result as never) ?? null;
    await log(true, result, alarm);
    return alarm ? { ok: true, result, alarm } : { ok: true, result };
  } catch (err) {
    const error =
      err instanceof AppError
        ? `${name}: refused (${err.message})`
        : err instanceof OpsError
          ? `${name}: ${err.message}`
          : `${name}: failed: ${(err as Error).message}`;
    const refusal: CommandRefusal =
      err instanceof AppError
        ? { reason: 'refused', errorCode: err.errorCode, ...(err.field ? { field: err.field } : {}) }
        : err instanceof OpsError
          ? err.refusal
          : { reason: 'failed' };
    await log(false, null, error);
    return { ok: false, error, refusal };
  }
}
