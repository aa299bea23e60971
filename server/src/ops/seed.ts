// Demo data for the local chain (`npm start` calls seedLocal once the contracts are deployed):
// users for anvil accounts 1–9 signed in through the auth service with an inviter tree, USDT
// recharged on chain through Payment orders and credited by the recharge service, stakes made on
// chain with the real contracts, articles and banners in several languages, and a history of every
// product module made through its own services. Runs once per database (seed_runs marker).

import { paymentAbi, stakingAbi, testUsdtAbi } from '@free/protocol/abi/index';
import { parseHex } from '@free/protocol/address';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { DAY_MS as DAY } from '@free/protocol/constants';
import type { Deployment } from '@free/protocol/deployment';
import { withGasHeadroom } from '@free/protocol/gas';
import { localTestKey } from '@free/protocol/local-accounts';
import type { ModuleKey } from '@free/protocol/modules';
import { rechargeSplit } from '@free/protocol/recharge';
import { buildSiweMessage } from '@free/protocol/siwe';
import { eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainTimeReader } from '../chain/chain-time.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DbHandle, openDb } from '../db/client.ts';
import { seedRuns } from '../db/schema/index.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { grantAllocation } from '../services/airdrop.ts';
import { issueNonce, login } from '../services/auth.ts';
import { applyCard, reviewCard } from '../services/cards.ts';
import { type ArticleType, addBanner, publishArticle } from '../services/content-types.ts';
import { fomoBalance, fomoFloor, fundFomo } from '../services/fomo.ts';
import { accrueHlb, subscribe } from '../services/hlb.ts';
import { ignite } from '../services/ignition.ts';
import { systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { buyMachine, upsertMachine } from '../services/machines.ts';
import { contribute } from '../services/pool.ts';
import {
  dexFreePrice,
  type PriceSource,
  refreshQuotes,
  setQuote,
  snapshotQuotes,
} from '../services/quotes.ts';
import { createRechargeOrder, creditRecharge } from '../services/recharge.ts';
import { openRound, placeBet, settleRound } from '../services/rounds.ts';
import { getSetting, seedSettings, writeSetting } from '../services/settings.ts';
import { moveShopOrder, placeOrder, upsertProduct } from '../services/shop.ts';
import { buyWithBalance } from '../services/staking-orders.ts';
import { applyWithdrawal } from '../services/withdraw.ts';
import { toRechargeView } from '../views/wallet.ts';
import { seedModuleArticles } from './seed-module-articles.ts';

export const SEED_NAME = 'local-demo-v1';
const MIN = 60_000;

export type SeedOptions = {
  rpcUrl: string;
  deployment: Deployment;
  /** an open database (tests); default: the server's (DATABASE_URL logic), opened and closed here */
  db?: DbHandle;
  log?: (line: string) => void;
};

export type SeedResult = { skipped: boolean; users: number };

/** Users of the demo: anvil account index → inviter's account index (the team tree). */
const TREE: [number, number | null][] = [
  [1, null],
  [2, 1],
  [3, 1],
  [4, 2],
  [5, 2],
  [6, 3],
  [7, 4],
  [8, 6],
  [9, 6],
];

/** The seed's users are anvil's accounts 1–9, from their listed keys (no PBKDF2 per call). */
const account = (i: number) => privateKeyToAccount(localTestKey(i));

export async function seedLocal(opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? ((line: string) => console.log(`  seed: ${line}`));
  const base = loadConfig({ ...process.env, RPC_URL: opts.rpcUrl });
  const config: Config = {
    ...base,
    rpcUrl: opts.rpcUrl,
    chainId: opts.deployment.chainId,
    deployment: opts.deployment,
  };
  const db = opts.db ?? (await openDb(config.databaseUrl));
  try {
    const [done] = await db.db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
    if (done) {
      log('already seeded');
      return { skipped: true, users: 0 };
    }
    const users = await runSeed(db, config, opts, log);
    await db.db.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing();
    log('done');
    return { skipped: false, users };
  } finally {
    if (!opts.db) await db.close();
  }
}

async function runSeed(
  db: DbHandle,
  config: Config,
  opts: SeedOptions,
  log: (l: string) => void,
): Promise<number> {
  const d = opts.deployment;
  const chain = defineChain({
    id: d.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const pub = createPublicClient({
    chain,
    transport: http(opts.rpcUrl),
    pollingInterval: 50,
  }) as PublicClient;
  const wallet = (i: number) =>
    createWalletClient({ account: account(i), chain, transport: http(opts.rpcUrl) });
  const send = async (i: number, req: Record<string, unknown>) => {
    // simulate first: a refusal comes back with the contract's decoded error instead of a bare revert
    const { request } = await pub.simulateContract({ ...(req as object), account: account(i) } as never);
    // explicit gas with headroom (protocol/gas.ts): a tight estimate can run out in a later second
    const gas = await pub.estimateContractGas({ ...(req as object), account: account(i) } as never);
    const hash = await wallet(i).writeContract({
      ...(request as object),
      gas: withGasHeadroom(gas),
    } as never);
    const r = await pub.waitForTransactionReceipt({ hash });
    if (r.status !== 'success')
      throw new Error(`seed transaction ${String(req.functionName)} of account ${i} reverted (${hash})`);
    return { hash, blockTime: (await pub.getBlock({ blockNumber: r.blockNumber })).timestamp };
  };
  const now = new Date();

  // settings and switches: every product module of the demo is open
  await seedSettings(db.db);
  await openDemoModules(db);

  // users, signed in through the auth service (SIWE with the anvil keys), inviters bound on the way
  log('users and inviter tree (anvil accounts 1–9)');
  const ids = new Map<number, number>();
  const domain = config.siweDomains[0] ?? '127.0.0.1:5173';
  for (const [i, inviter] of TREE) {
    const a = account(i);
    const { nonce } = await issueNonce(db.db, a.address, now);
    const message = buildSiweMessage({
      address: a.address,
      chainId: config.chainId,
      domain,
      nonce,
      uri: `http://${domain}`,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + 5 * MIN),
    });
    const signature = await a.signMessage({ message });
    const r = await login(
      { message, signature, inviter: inviter === null ? undefined : account(inviter).address },
      { db, chainId: config.chainId, domains: config.siweDomains, now },
    );
    ids.set(i, r.user.id);
  }
  const uid = (i: number) => ids.get(i) as number;

  // recharges: real Payment orders signed by the backend, paid on chain, credited by the service
  log('recharges through Payment orders on chain');
  const terms = paymentTermsReader(pub, d.payment);
  for (const [i] of TREE) {
    const amount = 700 + 30 * i;
    const order = toRechargeView(
      await createRechargeOrder(db, config, {
        userId: uid(i),
        userAddress: account(i).address,
        amount: String(amount),
        now,
        terms,
        chainTime: chainTimeReader(pub),
      }),
      config,
      now,
    );
    await send(i, {
      address: d.usdt,
      abi: testUsdtAbi,
      functionName: 'approve',
      args: [d.payment, parseEther(String(amount))],
    });
    const paid = await send(i, {
      address: d.payment,
      abi: paymentAbi,
      functionName: 'payment',
      args: [
        parseHex(order.orderId, 'orderId', 32),
        d.usdt,
        parseEther(String(amount)),
        BigInt(order.endTime),
        parseHex(order.signature, 'signature'),
      ],
    });
    // the figures Payment's Paid event carries: the burn and the executor reward are not credited
    const split = rechargeSplit(parseEther(String(amount)), order.burnBps, order.executorRewardBps);
    await db.transaction((tx) =>
      creditRecharge(tx, order.orderId, {
        payer: account(i).address,
        token: d.usdt,
        to: order.to,
        paidAmount: parseEther(String(amount)),
        burned: split.burned,
        executorReward: split.executorReward,
        txHash: paid.hash,
        paidAt: new Date(Number(paid.blockTime) * 1000),
      }),
    );
  }

  // an exclusive FREE airdrop and an FCC bonus, booked from the income account (shown in earnings)
  for (const [i] of TREE) {
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `seed:airdrop:${uid(i)}`,
        from: systemAccount('income'),
        to: userAccount(uid(i)),
        asset: 'FREE',
        amount: (200n + 25n * BigInt(i)) * U,
        kind: 'airdrop_exclusive',
        ref: 'seed',
      });
      await transfer(tx, {
        key: `seed:fcc:${uid(i)}`,
        from: systemAccount('income'),
        to: userAccount(uid(i)),
        asset: 'FCC',
        amount: (50n + 10n * BigInt(i)) * U,
        kind: 'fcc_bonus',
        ref: 'seed',
      });
    });
  }

  // the live economy (before the other modules spend the balances): FOMO pool above its floor, allocations, ignition, balance stakes
  log('FOMO pool, airdrop and presale allocations, ignition, stakes with balance');
  await seedEconomy(db, uid, now);

  // stakes on chain through the real Staking contract (the indexer mirrors them)
  log('stakes on chain');
  for (const [i, cycle, amount] of [
    [1, 2, 500],
    [2, 1, 300],
    [3, 0, 120],
    [4, 2, 250],
    [6, 0, 80],
  ] as const) {
    const wei = parseEther(String(amount));
    await send(i, { address: d.usdt, abi: testUsdtAbi, functionName: 'approve', args: [d.staking, wei] });
    // the cycle's current terms, as a user would see them, are the stake's bounds
    const [feeBps, ratePpm] = await Promise.all([
      pub.readContract({ address: d.staking, abi: stakingAbi, functionName: 'cycleFeeBps', args: [cycle] }),
      pub.readContract({ address: d.staking, abi: stakingAbi, functionName: 'cycleRatePpm', args: [cycle] }),
    ]);
    await send(i, {
      address: d.staking,
      abi: stakingAbi,
      functionName: 'stake',
      args: [wei, 0n, cycle, feeBps, ratePpm],
    });
  }

  // content
  log('articles and banners');
  await seedContent(db);

  // catalogue
  const machines = await seedCatalogue(db);

  // quotes with yesterday's snapshots for the 24 h change
  log('quotes');
  const price: PriceSource = dexFreePrice(pub, {
    pair: d.pair,
    free: d.free,
    fcc: d.fcc,
    usdt: d.usdt,
    factory: d.factory,
  });
  const yesterday = new Date(now.getTime() - DAY - MIN);
  const freeNow = await price();
  for (const [symbol, name, was, is] of [
    ['BTC', 'Bitcoin', 67_250n, 68_912n],
    ['ETH', 'Ethereum', 3_540n, 3_468n],
    ['BNB', 'BNB', 598n, 611n],
    ['SOL', 'Solana', 171n, 166n],
  ] as const) {
    await setQuote(db.db, { symbol, name, price: was * U, source: 'manual', now: yesterday });
    await snapshotQuotes(db.db, yesterday, 1);
    await setQuote(db.db, { symbol, name, price: is * U, source: 'manual', now });
  }
  await setQuote(db.db, {
    symbol: 'FREE',
    name: 'FREE',
    price: (freeNow * 96n) / 100n,
    source: 'dex',
    now: yesterday,
  });
  await snapshotQuotes(db.db, yesterday, 1);
  await refreshQuotes(db.db, { free: price }, now);

  // chain pool contributions (FREE burned at the DEX price)
  log('chain pool, Huan Li Bao, machines, shop, cards, rounds');
  for (const [i, amount] of [
    [1, '300'],
    [2, '150'],
    [3, '60'],
    [4, '350'],
    [5, '25'],
    [6, '100'],
    [1, '100'],
  ] as const) {
    await contribute(db, { userId: uid(i), amount, now, price });
  }

  // Huan Li Bao subscribed days ago, with the days since accrued by the same job step
  for (const [i, product, amount, daysAgo] of [
    [2, 'fixed_30', '200', 5],
    [3, 'flexible', '50', 3],
    [4, 'fixed_90', '150', 2],
  ] as const) {
    await subscribe(db, { userId: uid(i), product, amount, now: new Date(now.getTime() - daysAgo * DAY) });
  }
  await accrueHlb(db, now);

  // machines bought
  for (const [i, m, daysAgo] of [
    [1, machines[0], 4],
    [2, machines[1], 1],
    [5, machines[0], 0],
  ] as const) {
    await buyMachine(db, {
      userId: uid(i),
      machineId: m as number,
      now: new Date(now.getTime() - daysAgo * DAY),
      lang: 'en',
    });
  }

  // shop orders in several states
  const products = await seedProducts(db);
  const o1 = await placeOrder(db, {
    userId: uid(3),
    productId: products[0] as number,
    quantity: 2,
    now: new Date(now.getTime() - 3 * DAY),
    lang: 'en',
  });
  const o2 = await placeOrder(db, {
    userId: uid(4),
    productId: products[1] as number,
    quantity: 1,
    now: new Date(now.getTime() - 2 * DAY),
    lang: 'en',
  });
  await placeOrder(db, { userId: uid(3), productId: products[2] as number, quantity: 1, now, lang: 'en' });
  await db.transaction(async (tx) => {
    await moveShopOrder(tx, o1.id, 'shipped', new Date(now.getTime() - 2 * DAY));
    await moveShopOrder(tx, o1.id, 'completed', new Date(now.getTime() - DAY));
    await moveShopOrder(tx, o2.id, 'shipped', now);
  });

  // card applications in every state
  const c1 = await applyCard(db, {
    userId: uid(1),
    kind: 'virtual',
    name: 'Alex Chen',
    phone: '+65 8123 4567',
    now,
  });
  const c2 = await applyCard(db, {
    userId: uid(2),
    kind: 'physical',
    name: 'Maria Santos',
    phone: '+63 917 555 0142',
    address: '12 Ayala Ave, Makati, Metro Manila',
    now,
  });
  await applyCard(db, {
    userId: uid(3),
    kind: 'virtual',
    name: 'Budi Santoso',
    phone: '+62 812 3456 7890',
    now,
  });
  const c4 = await applyCard(db, {
    userId: uid(4),
    kind: 'virtual',
    name: 'Ivan Petrov',
    phone: '+7 912 345 67 89',
    now,
  });
  await db.transaction(async (tx) => {
    await reviewCard(tx, c1.id, 'reviewed', now);
    await reviewCard(tx, c1.id, 'issued', now, 'virtual card ready in the app');
    await reviewCard(tx, c2.id, 'reviewed', now);
    await reviewCard(tx, c4.id, 'rejected', now, 'name does not match the wallet owner');
  });

  // prediction rounds of the last minutes, bet and delivered through the round services
  // the configured rounds (settings registry), as the round job would open them
  const roundsCfg = await getSetting(db.db, 'product.rounds');
  const start = Math.floor(now.getTime() / MIN) * MIN - 12 * MIN;
  let p = freeNow;
  for (let k = 0; k < 10; k++) {
    const openAt = new Date(start + k * MIN + 1000);
    const round = await openRound(db.db, { now: openAt, openPrice: p, cfg: roundsCfg });
    const bettors = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((i) => (i + k) % 3 !== 0);
    for (const [n, i] of bettors.entries()) {
      if (k === 4 && n > 0) break; // one round with a single bettor: refunded
      await placeBet(db, {
        userId: uid(i),
        side: (i + k) % 2 === 0 ? 'up' : 'down',
        amount: String(1 + ((i * 7 + k * 3) % 20)),
        now: new Date(openAt.getTime() + (n + 1) * 1500),
      });
    }
    const move = BigInt(((k * 37) % 9) - 4); // −4…+4 per mille
    const close = p + (p * move) / 1000n;
    await db.transaction((tx) =>
      settleRound(tx, round.id, {
        now: new Date(round.endsAt.getTime() + 500),
        closePrice: close,
        maxSettleDelayMs: roundsCfg.max_settle_delay_ms,
      }),
    );
    p = close;
  }

  // a withdrawal waiting for the payout worker
  await applyWithdrawal(db, {
    userId: uid(1),
    userAddress: account(1).address,
    amount: '25',
    coin: 'USDT',
    now,
  });
  return TREE.length;
}

/** Modules a newcomer can open in the demo; games and RWA are content pages, not yet open. */
export const DEMO_OPEN_MODULES = [
  'staking',
  'staking_use_balance',
  'recharge',
  'withdraw',
  'ignition',
  'fomo',
  'airdrop',
  'presale',
  'ai_trade',
  'huan_li_bao',
  'machines',
  'shop',
  'cards',
  'chain_pool',
] as const satisfies readonly ModuleKey[];

/** Accounts that get airdrop and presale allocations (the first five test users). */
export const DEMO_ALLOCATION_ACCOUNTS = [1, 2, 3, 4, 5] as const;

export async function openDemoModules(db: DbHandle): Promise<void> {
  const modules = { ...(await getSetting(db.db, 'modules')) };
  for (const key of DEMO_OPEN_MODULES) modules[key] = true;
  await writeSetting(db.db, 'modules', modules);
}

/**
 * What makes earnings move in the demo: the FOMO pool funded to three times its floor (below the
 * floor settlement pays nothing), airdrop and presale allocations already unlocking for accounts
 * 1–5, ignition for the accounts that lead the team tree, and stakes made with the USDT balance.
 */
async function seedEconomy(db: DbHandle, uid: (i: number) => number, now: Date): Promise<void> {
  const floor = await fomoFloor(db.db);
  const balance = await fomoBalance(db.db);
  if (balance <= floor) await fundFomo(db.db, floor * 3n - balance, 'seed-demo');

  for (const i of DEMO_ALLOCATION_ACCOUNTS) {
    await grantAllocation(db.db, {
      userId: uid(i),
      kind: 'airdrop',
      total: (1000n + 200n * BigInt(i)) * U,
      unlockAt: new Date(now.getTime() - 3 * DAY),
      endAt: new Date(now.getTime() + 87 * DAY),
      ref: `seed:airdrop-allocation:${i}`,
    });
    await grantAllocation(db.db, {
      userId: uid(i),
      kind: 'presale',
      total: (2000n + 500n * BigInt(i)) * U,
      paidUsdt: (100n + 25n * BigInt(i)) * U,
      unlockAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 179 * DAY),
      ref: `seed:presale-allocation:${i}`,
    });
  }

  for (const i of [1, 2, 3]) await ignite(db, { userId: uid(i), now });

  for (const [i, stakeIndex, amount, autoRenew] of [
    [1, 0, '100', false],
    [3, 1, '150', true],
    [5, 2, '200', false],
    [6, 0, '120', false],
  ] as const) {
    await buyWithBalance(db, {
      userId: uid(i),
      amount,
      stakeIndex,
      autoRenew,
      idempotencyKey: `seed-balance-stake-${i}`,
      now,
    });
  }
}

const LANG_TITLES: Record<string, Record<string, string>> = {
  welcome: {
    en: 'Welcome to FREE',
    'zh-Hans': '欢迎来到 FREE',
    'zh-Hant': '歡迎來到 FREE',
    ja: 'FREE へようこそ',
    ko: 'FREE에 오신 것을 환영합니다',
    ru: 'Добро пожаловать в FREE',
    vi: 'Chào mừng đến với FREE',
    ar: 'مرحبًا بك في FREE',
  },
  pool: {
    en: 'Chain pool is open',
    'zh-Hans': '公链矿池已开放',
    ja: 'チェーンプールを開始しました',
    id: 'Chain pool telah dibuka',
  },
  maintenance: {
    en: 'Scheduled maintenance on Sunday',
    'zh-Hans': '周日例行维护通知',
    th: 'แจ้งปิดปรับปรุงระบบวันอาทิตย์',
  },
};

const BODIES: Record<string, string> = {
  en: 'FREE is live on the local chain. Stake for 7, 15 or 30 days, contribute to the chain pool, and follow every record in the app.',
  'zh-Hans': 'FREE 已在本地链上线。可质押 7、15 或 30 天，参与公链矿池，并在应用中查看每一条记录。',
  'zh-Hant': 'FREE 已在本地鏈上線。可質押 7、15 或 30 天，參與公鏈礦池，並在應用中查看每一筆記錄。',
  ja: 'FREE がローカルチェーンで稼働しました。7・15・30 日のステーキングやチェーンプールへの参加ができます。',
  ko: 'FREE가 로컬 체인에서 시작되었습니다. 7, 15, 30일 스테이킹과 체인 풀 참여가 가능합니다.',
  ru: 'FREE запущен в локальной сети. Стейкинг на 7, 15 или 30 дней, взносы в пул и все записи — в приложении.',
  vi: 'FREE đã hoạt động trên chuỗi cục bộ. Đặt cọc 7, 15 hoặc 30 ngày và tham gia pool chuỗi.',
  ar: 'يعمل FREE الآن على السلسلة المحلية. يمكنك التخزين لمدة 7 أو 15 أو 30 يومًا والمساهمة في المجمع.',
  id: 'FREE kini aktif di chain lokal. Staking 7, 15 atau 30 hari dan ikut serta di chain pool.',
  th: 'FREE เปิดใช้งานบนเชนท้องถิ่นแล้ว ฝากได้ 7, 15 หรือ 30 วัน และร่วมสมทบในพูล',
};

/** Articles, announcements and banners in several languages (also the web bench's content). */
export async function seedContent(db: DbHandle): Promise<void> {
  const DAY_AGO = (n: number) => new Date(Date.now() - n * DAY);
  let age = 6;
  for (const [slug, titles] of Object.entries(LANG_TITLES)) {
    for (const [language, title] of Object.entries(titles)) {
      await publishArticle(db.db, {
        slug: `announcement-${slug}`,
        type: 'announcement',
        language,
        title,
        summary: (BODIES[language] ?? BODIES.en ?? '').slice(0, 60),
        content: BODIES[language] ?? BODIES.en ?? '',
        publishedAt: DAY_AGO(age),
      });
    }
    age -= 2;
  }
  const docs: [ArticleType, string, string, string | null][] = [
    [
      'whitepaper',
      'FREE whitepaper',
      'The FREE token, FCC, staking cycles, the chain pool and the circuit breaker of the FOMO pool.',
      null,
    ],
    [
      'business_plan',
      'Business plan',
      'Market makers, the yield-swap pool, payment cards and the shop: how the ecosystem earns.',
      null,
    ],
    [
      'construction_plan',
      'Construction plan',
      'Phase 1: contracts and app. Phase 2: payment cards. Phase 3: RWA and mining machines.',
      null,
    ],
    [
      'roadmap_short',
      'Roadmap: short term',
      'Next 3 months: app launch in 12 languages, chain pool, AI trade rounds.',
      null,
    ],
    [
      'roadmap_medium',
      'Roadmap: medium term',
      '6–12 months: physical cards, shop partners, machine hosting.',
      null,
    ],
    [
      'roadmap_long',
      'Roadmap: long term',
      '1–3 years: RWA ecosystem, cross-chain pools, decentralised governance.',
      null,
    ],
    ['video', 'Introduction video', 'https://example.org/media/free-intro.mp4', '/demo/video-cover.svg'],
    ['poster', 'Launch poster', 'The launch poster: share it with your team.', '/demo/poster-launch.svg'],
    ['document', 'Token economics (PDF)', 'https://example.org/docs/free-tokenomics.pdf', null],
    [
      'video_conference',
      'Monthly community call',
      'Every first Saturday, 12:00 UTC — link published in the announcement.',
      null,
    ],
  ];
  for (const [type, title, content, cover] of docs) {
    await publishArticle(db.db, {
      slug: type.replaceAll('_', '-'),
      type,
      language: 'en',
      title,
      content,
      cover,
      publishedAt: DAY_AGO(10),
    });
  }
  await publishArticle(db.db, {
    slug: 'whitepaper',
    type: 'whitepaper',
    language: 'zh-Hans',
    title: 'FREE 白皮书',
    content: 'FREE 代币、FCC、质押周期、公链矿池以及 FOMO 池的熔断机制。',
    publishedAt: DAY_AGO(10),
  });
  await seedModuleArticles(db.db, DAY_AGO(8));
  for (const [image, link, language, sort] of [
    ['/demo/banner-launch.svg', '#/pages/index/announcement', null, 1],
    ['/demo/banner-chain-pool.svg', '#/pages/chainPool/chainPool', null, 2],
    ['/demo/banner-ai-trade.svg', '#/pages/index/aiTrade', null, 3],
    ['/demo/banner-launch-zh.svg', '#/pages/index/announcement', 'zh-Hans', 0],
  ] as const) {
    await addBanner(db.db, { image, link, language, sort });
  }
}

async function seedCatalogue(db: DbHandle): Promise<number[]> {
  return [
    await upsertMachine(db.db, {
      code: 'miner-s1',
      name: { en: 'Miner S1', 'zh-Hans': '矿机 S1', ja: 'マイナー S1' },
      description: { en: 'Entry machine: 30 days of hashrate.', 'zh-Hans': '入门矿机：30 天算力。' },
      image: '/demo/miner-s1.svg',
      asset: 'USDT',
      price: 100n * U,
      hashrate: 1_000_000n,
      days: 30,
      stock: 500,
      sort: 1,
    }),
    await upsertMachine(db.db, {
      code: 'miner-x9',
      name: { en: 'Miner X9', 'zh-Hans': '矿机 X9' },
      description: { en: 'High-end machine: 90 days of hashrate.', 'zh-Hans': '高端矿机：90 天算力。' },
      image: '/demo/miner-x9.svg',
      asset: 'USDT',
      price: 300n * U,
      hashrate: 4_000_000n,
      days: 90,
      stock: 100,
      sort: 2,
    }),
    await upsertMachine(db.db, {
      code: 'miner-free',
      name: { en: 'FREE Miner' },
      description: { en: 'Paid in FREE: 15 days of hashrate.' },
      image: '/demo/miner-free.svg',
      asset: 'FREE',
      price: 150n * U,
      hashrate: 400_000n,
      days: 15,
      stock: null,
      sort: 3,
    }),
  ];
}

async function seedProducts(db: DbHandle): Promise<number[]> {
  return [
    await upsertProduct(db.db, {
      code: 'tea-gift',
      name: {
        ar: 'علبة هدايا شاي بوير',
        en: 'Pu-erh tea gift box',
        fil: 'Gift box ng Pu-erh tea',
        hi: 'पु-अर चाय गिफ्ट बॉक्स',
        id: 'Kotak hadiah teh Pu-erh',
        ja: 'プーアル茶ギフトボックス',
        ko: '보이차 선물 세트',
        ru: 'Подарочная коробка чая пуэр',
        th: 'กล่องของขวัญชาผู่เอ๋อร์',
        vi: 'Hộp quà trà Phổ Nhĩ',
        'zh-Hans': '普洱茶礼盒',
        'zh-Hant': '普洱茶禮盒',
      },
      description: {
        ar: 'حصة واحدة = علبة واحدة، تُشحن خلال 7 أيام.',
        en: 'One share = one box, shipped in 7 days.',
        fil: 'Isang bahagi = isang kahon, ipapadala sa loob ng 7 araw.',
        hi: 'एक शेयर = एक बॉक्स, 7 दिनों में भेजा जाता है।',
        id: 'Satu lembar = satu kotak, dikirim dalam 7 hari.',
        ja: '1口＝1箱、7日以内に発送します。',
        ko: '1구좌 = 1상자, 7일 이내 발송됩니다.',
        ru: 'Одна доля = одна коробка, отправка в течение 7 дней.',
        th: '1 หน่วย = 1 กล่อง จัดส่งภายใน 7 วัน',
        vi: 'Một phần = một hộp, giao trong 7 ngày.',
        'zh-Hans': '一份 = 一盒，7 天内发货。',
        'zh-Hant': '一份 = 一盒，7 天內出貨。',
      },
      image: '/demo/shop-tea.svg',
      asset: 'FCC',
      price: 20n * U,
      stock: 200,
      sort: 1,
    }),
    await upsertProduct(db.db, {
      code: 'hardware-wallet',
      name: {
        ar: 'محفظة أجهزة',
        en: 'Hardware wallet',
        fil: 'Hardware wallet',
        hi: 'हार्डवेयर वॉलेट',
        id: 'Dompet perangkat keras',
        ja: 'ハードウェアウォレット',
        ko: '하드웨어 지갑',
        ru: 'Аппаратный кошелёк',
        th: 'ฮาร์ดแวร์วอลเล็ต',
        vi: 'Ví phần cứng',
        'zh-Hans': '硬件钱包',
        'zh-Hant': '硬體錢包',
      },
      description: {
        ar: 'احتفظ بمفاتيحك دون اتصال بالإنترنت.',
        en: 'Keep your keys offline.',
        fil: 'Itago ang iyong mga key nang offline.',
        hi: 'अपनी कुंजियाँ ऑफ़लाइन रखें।',
        id: 'Simpan kunci Anda secara offline.',
        ja: '秘密鍵をオフラインで保管できます。',
        ko: '키를 오프라인으로 보관하세요.',
        ru: 'Храните ключи офлайн.',
        th: 'เก็บคีย์ของคุณแบบออฟไลน์',
        vi: 'Giữ khóa của bạn ngoại tuyến.',
        'zh-Hans': '离线保管您的私钥。',
        'zh-Hant': '離線保管您的私鑰。',
      },
      image: '/demo/shop-wallet.svg',
      asset: 'USDT',
      price: 79n * U,
      stock: 50,
      sort: 2,
    }),
    await upsertProduct(db.db, {
      code: 'fcc-cap',
      name: {
        ar: 'قبعة FCC',
        en: 'FCC cap',
        fil: 'FCC na sumbrero',
        hi: 'FCC टोपी',
        id: 'Topi FCC',
        ja: 'FCC キャップ',
        ko: 'FCC 모자',
        ru: 'Кепка FCC',
        th: 'หมวก FCC',
        vi: 'Mũ FCC',
        'zh-Hans': 'FCC 棒球帽',
        'zh-Hant': 'FCC 棒球帽',
      },
      description: {
        ar: 'منتجات المجتمع.',
        en: 'Community merchandise.',
        fil: 'Paninda ng komunidad.',
        hi: 'समुदाय का मर्चेंडाइज़।',
        id: 'Merchandise komunitas.',
        ja: 'コミュニティグッズ。',
        ko: '커뮤니티 굿즈입니다.',
        ru: 'Товары сообщества.',
        th: 'สินค้าของคอมมูนิตี้',
        vi: 'Hàng lưu niệm cộng đồng.',
        'zh-Hans': '社区周边。',
        'zh-Hant': '社群周邊。',
      },
      image: '/demo/shop-cap.svg',
      asset: 'FCC',
      price: 5n * U,
      stock: null,
      sort: 3,
    }),
  ];
}
