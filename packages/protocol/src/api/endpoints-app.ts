// The app's endpoints (public and signed-in), keyed by operationId: one entry per route the server
// registers (server/src/http/route.ts) and the web calls (web/src/api/client.ts `call`).
import { STREAM_HEARTBEAT_MS, STREAM_TICKET_MS } from '../stream.ts';
import * as airdrop from './airdrop.ts';
import * as cards from './cards.ts';
import * as common from './common.ts';
import * as dev from './dev.ts';
import { endpoint } from './endpoint.ts';
import * as fomo from './fomo.ts';
import * as hashrate from './hashrate.ts';
import * as health from './health.ts';
import * as hlb from './hlb.ts';
import * as ignition from './ignition.ts';
import * as liabilities from './liabilities.ts';
import * as machines from './machines.ts';
import * as pool from './pool.ts';
import * as quotes from './quotes.ts';
import * as rounds from './rounds.ts';
import * as shop from './shop.ts';
import * as staking from './staking.ts';
import * as stream from './stream.ts';
import * as team from './team.ts';
import * as user from './user.ts';
import * as wallet from './wallet.ts';

const { idempotencyHeaders } = wallet;

export const appEndpoints = {
  // sign-in, config and content
  getCommonNonce: endpoint({
    method: 'GET',
    path: '/api/common/nonce',
    scope: 'public',
    tags: ['auth'],
    summary: 'One-time SIWE nonce for an address',
    query: common.nonceQuery,
    data: common.nonceData,
  }),
  postCommonLogin: endpoint({
    method: 'POST',
    path: '/api/common/login',
    scope: 'public',
    tags: ['auth'],
    summary: 'Sign in with a signed EIP-4361 message',
    body: common.loginBody,
    data: common.loginData,
  }),
  getCommonConfig: endpoint({
    method: 'GET',
    path: '/api/common/config',
    scope: 'public',
    tags: ['common'],
    summary: 'Public system config',
    data: common.configData,
  }),
  getCommonLiabilities: endpoint({
    method: 'GET',
    path: '/api/common/liabilities',
    scope: 'public',
    tags: ['common'],
    summary: 'The latest proof-of-liabilities publication beside the reserves the chain holds for users',
    data: liabilities.liabilitiesData,
  }),
  getCommonArticleList: endpoint({
    method: 'GET',
    path: '/api/common/article/list',
    scope: 'public',
    tags: ['common'],
    summary: 'Articles in the caller language (English where not translated)',
    query: common.articleListQuery,
    data: common.articleListData,
  }),
  getCommonArticleDetail: endpoint({
    method: 'GET',
    path: '/api/common/article/detail',
    scope: 'public',
    tags: ['common'],
    summary: 'One article in the caller language (English where not translated)',
    query: common.articleDetailQuery,
    data: common.articleDetailData,
  }),
  getCommonBanner: endpoint({
    method: 'GET',
    path: '/api/common/banner',
    scope: 'public',
    tags: ['common'],
    summary: 'Active banners for the caller language',
    data: common.bannerData,
  }),

  // public module figures
  getCommonFomo: endpoint({
    method: 'GET',
    path: '/api/common/fomo',
    scope: 'public',
    tags: ['fomo'],
    summary: 'FOMO pool: balance, countdown, last participants; below the floor no earnings are paid',
    data: fomo.fomoData,
  }),
  getCommonPoolStats: endpoint({
    method: 'GET',
    path: '/api/common/pool/stats',
    scope: 'public',
    tags: ['pool'],
    summary: 'Pool totals and contribution classes (pie chart)',
    data: pool.poolStatsData,
  }),
  getCommonRoundCurrent: endpoint({
    method: 'GET',
    path: '/api/common/round/current',
    scope: 'public',
    tags: ['rounds'],
    summary: 'The round taking bets (or the latest one); null before the first round',
    data: rounds.roundCurrentData,
  }),
  getCommonRoundHistory: endpoint({
    method: 'GET',
    path: '/api/common/round/history',
    scope: 'public',
    tags: ['rounds'],
    summary: 'Delivered (settled or refunded) rounds, newest first',
    query: rounds.roundHistoryQuery,
    data: rounds.roundHistoryData,
  }),
  getCommonMachines: endpoint({
    method: 'GET',
    path: '/api/common/machines',
    scope: 'public',
    tags: ['machines'],
    summary: 'Machine catalogue in the caller language',
    data: machines.machinesData,
  }),
  getCommonMachineDetail: endpoint({
    method: 'GET',
    path: '/api/common/machine/detail',
    scope: 'public',
    tags: ['machines'],
    summary: 'One machine; null when unknown or withdrawn',
    query: machines.machineDetailQuery,
    data: machines.machine.nullable(),
  }),
  getCommonShopProducts: endpoint({
    method: 'GET',
    path: '/api/common/shop/products',
    scope: 'public',
    tags: ['shop'],
    summary: 'Shop products in the caller language',
    data: shop.shopProductsData,
  }),
  getCommonShopProductDetail: endpoint({
    method: 'GET',
    path: '/api/common/shop/product/detail',
    scope: 'public',
    tags: ['shop'],
    summary: 'One shop product in the caller language; null when unknown or withdrawn',
    query: shop.shopProductQuery,
    data: shop.shopProduct.nullable(),
  }),
  getCommonQuotes: endpoint({
    method: 'GET',
    path: '/api/common/quotes',
    scope: 'public',
    tags: ['quotes'],
    summary:
      'Quotes: FREE and FCC from the DEX (FCC from config without a pair), others from the quotes table',
    data: quotes.quotesData,
  }),
  getStream: endpoint({
    method: 'GET',
    path: '/api/stream',
    scope: 'public',
    tags: ['stream'],
    summary: 'Server-sent events: rounds, prices, the FOMO pool, and your own changes (with a ticket)',
    description: `A text/event-stream that stays open. Events: \`round\` (data \`{"phase":"open"|"bet"|"settled"}\`), \`price\`, \`fomo\` (data \`{}\`): read that figure again, and with a ticket \`user\` (data \`{"groups":[…]}\`: the query groups your changes touched; all of them after the server missed notifications). A comment line comes every ${STREAM_HEARTBEAT_MS / 1000} s. No \`platform\` header is needed (EventSource cannot send one). A bad or used ticket answers HTTP 401 with the Unauthorized envelope; too many streams open (per client, per user or on the server) HTTP 429 with Retry-After and the TooManyRequests envelope. A stream ends after its maximum age, when its reader stops reading, and when its session is revoked: open a new one.`,
    query: stream.streamQuery,
    data: stream.streamData,
    stream: true,
  }),
  getHealth: endpoint({
    method: 'GET',
    path: '/api/health',
    scope: 'public',
    tags: ['health'],
    summary: 'Liveness: HTTP 200 while the process serves (no dependency is checked)',
    description:
      'For a supervisor: no `platform` header, no rate limit. docs/deploy.md "Health and metrics".',
    data: health.healthData,
  }),
  getHealthReady: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    scope: 'public',
    tags: ['health'],
    summary:
      'Readiness: HTTP 200 when the database answers, migrations are current, the RPC answers the deployment chain id and Redis (where configured) answers; else HTTP 503',
    description:
      "For a load balancer: no `platform` header, no rate limit. Not ready answers HTTP 503 with the ServiceUnavailable envelope whose `data` names each check's state.",
    data: health.readyData,
    unavailable: health.readyData,
  }),
  postDevAdvance: endpoint({
    method: 'POST',
    path: '/api/dev/advance',
    scope: 'public',
    summary: 'Local chain only: move the chain and the server day forward and run the days jobs',
    body: dev.devAdvanceBody,
    data: dev.devAdvanceData,
    hide: true,
  }),
  postDevStreamsClose: endpoint({
    method: 'POST',
    path: '/api/dev/streams/close',
    scope: 'public',
    summary:
      'Local chain only: end every event stream this process holds (as a restart or a dropped proxy would)',
    data: dev.devStreamsCloseData,
    hide: true,
  }),

  // the signed-in user
  getUser: endpoint({
    method: 'GET',
    path: '/api/user',
    scope: 'user',
    tags: ['user'],
    summary: 'Profile: address, levels, invite link, balances',
    data: user.userProfile,
  }),
  postUserLogout: endpoint({
    method: 'POST',
    path: '/api/user/logout',
    scope: 'user',
    tags: ['auth'],
    summary: 'Revoke the bearer token',
    data: common.logoutData,
  }),
  getUserSessions: endpoint({
    method: 'GET',
    path: '/api/user/sessions',
    scope: 'user',
    tags: ['auth'],
    summary: 'My signed-in sessions (devices), most recently used first',
    data: user.sessionListData,
  }),
  postUserSessionsRevoke: endpoint({
    method: 'POST',
    path: '/api/user/sessions/revoke',
    scope: 'user',
    tags: ['auth'],
    summary: 'End one of my sessions (`{ id }`) or all but this one (`{ others: true }`)',
    body: user.sessionRevokeBody,
    data: user.sessionRevokeData,
  }),
  getUserFinance: endpoint({
    method: 'GET',
    path: '/api/user/finance',
    scope: 'user',
    tags: ['user'],
    summary: 'Flow records from the ledger',
    query: user.financeQuery,
    data: user.financeData,
  }),
  getUserLiabilitiesProof: endpoint({
    method: 'GET',
    path: '/api/user/liabilities/proof',
    scope: 'user',
    tags: ['user'],
    summary:
      'The caller’s proof of liabilities: leaf, salt and sibling path in a snapshot (docs/proof-of-liabilities.md)',
    query: liabilities.liabilitiesProofQuery,
    data: liabilities.liabilitiesProofData,
  }),
  getUserIncomeInfo: endpoint({
    method: 'GET',
    path: '/api/user/income_info',
    scope: 'user',
    tags: ['user'],
    summary: 'Income of every kind today, yesterday and in total, in USDT and FREE (from the ledger)',
    query: user.incomeQuery,
    data: user.incomeData,
  }),
  getUserStakingLimitInfo: endpoint({
    method: 'GET',
    path: '/api/user/staking_limit_info',
    scope: 'user',
    tags: ['user'],
    summary: 'Staking limits and the balances that can pay',
    data: user.stakingLimitData,
  }),
  getUserContributeRecord: endpoint({
    method: 'GET',
    path: '/api/user/contribute/record',
    scope: 'user',
    tags: ['user'],
    summary: 'Chain-pool contributions',
    query: user.contributeQuery,
    data: user.contributeData,
  }),

  // wallet
  postUserWithdrawApply: endpoint({
    method: 'POST',
    path: '/api/user/withdraw/apply',
    scope: 'user',
    tags: ['wallet'],
    summary:
      'Withdraw USDT (wallet balance) or FREE (airdrop balance) to the bound wallet (debited and queued at once; paid by the payout worker)',
    headers: idempotencyHeaders,
    body: wallet.withdrawBody,
    data: wallet.withdrawData,
  }),
  getUserWithdrawList: endpoint({
    method: 'GET',
    path: '/api/user/withdraw/list',
    scope: 'user',
    tags: ['wallet'],
    summary: 'My withdrawals',
    query: wallet.withdrawListQuery,
    data: wallet.withdrawListData,
  }),
  postUserRechargeCreate: endpoint({
    method: 'POST',
    path: '/api/user/recharge/create',
    scope: 'user',
    tags: ['wallet'],
    summary: 'Create a recharge order signed for Payment.payment',
    body: wallet.rechargeBody,
    data: wallet.rechargeOrder,
  }),
  getUserRechargeList: endpoint({
    method: 'GET',
    path: '/api/user/recharge/list',
    scope: 'user',
    tags: ['wallet'],
    summary: 'My recharge orders',
    query: wallet.rechargeListQuery,
    data: wallet.rechargeListData,
  }),

  // team
  getUserTeamInfo: endpoint({
    method: 'GET',
    path: '/api/user/team_info',
    scope: 'user',
    tags: ['team'],
    summary: 'Team statistics: counts, new/valid today and yesterday, performance, zones, level, node tier',
    data: team.teamInfoData,
  }),
  getUserDirectList: endpoint({
    method: 'GET',
    path: '/api/user/direct_list',
    scope: 'user',
    tags: ['team'],
    summary: 'Direct referrals, newest first',
    query: team.directListQuery,
    data: team.directListData,
  }),
  getUserStakeRefAddress: endpoint({
    method: 'GET',
    path: '/api/user/stake_ref_address',
    scope: 'user',
    tags: ['team'],
    summary: 'Inviter chain (nearest first) with the one-time EIP-712 signature for stakeWithInviter',
    data: team.stakeRefData,
  }),

  // staking
  postUserStakingUseBalance: endpoint({
    method: 'POST',
    path: '/api/user/staking_use_balance',
    scope: 'user',
    tags: ['staking'],
    summary: 'Stake with the off-chain USDT balance (same limits, cycles, fee and interest as on chain)',
    query: staking.stakingUseBalanceQuery,
    headers: idempotencyHeaders,
    data: staking.stakeOrder,
  }),
  getUserStakeOrders: endpoint({
    method: 'GET',
    path: '/api/user/stake/orders',
    scope: 'user',
    tags: ['staking'],
    summary: 'Staking orders: balance orders and on-chain stakes, newest first',
    query: staking.stakeOrdersQuery,
    data: staking.stakeOrdersData,
  }),
  postUserStakeRedeem: endpoint({
    method: 'POST',
    path: '/api/user/stake/redeem',
    scope: 'user',
    tags: ['staking'],
    summary: 'Redeem a matured balance order: principal + interest, once',
    headers: idempotencyHeaders,
    body: staking.stakeRedeemBody,
    data: staking.stakeRedeemData,
  }),
  postUserStakeRenew: endpoint({
    method: 'POST',
    path: '/api/user/stake/renew',
    scope: 'user',
    tags: ['staking'],
    summary:
      'Renew a matured balance order into the cycle picked: a new round at its current rate, no fee (the new order answered)',
    headers: idempotencyHeaders,
    body: staking.stakeRenewBody,
    data: staking.stakeRenewData,
  }),
  postUserStakeAutoRenew: endpoint({
    method: 'POST',
    path: '/api/user/stake/auto_renew',
    scope: 'user',
    tags: ['staking'],
    summary:
      'Auto-renew of an active on-chain stake of the caller: the app offers its renewal at maturity (the user signs it)',
    body: staking.stakeAutoRenewBody,
    data: staking.stakeAutoRenewData,
  }),
  getUserStakeRedemptions: endpoint({
    method: 'GET',
    path: '/api/user/stake/redemptions',
    scope: 'user',
    tags: ['staking'],
    summary: 'Redemption list: redeemed amount and progress of every order',
    query: staking.redemptionsQuery,
    data: staking.redemptionsData,
  }),

  // ignition, hashrate, airdrop
  getUserFire: endpoint({
    method: 'GET',
    path: '/api/user/fire',
    scope: 'user',
    tags: ['ignition'],
    summary: 'Ignition state, FREE needed, and the latest burn records',
    data: ignition.fireInfoData,
  }),
  postUserFireIgnite: endpoint({
    method: 'POST',
    path: '/api/user/fire/ignite',
    scope: 'user',
    tags: ['ignition'],
    summary: 'Burn the configured FREE to ignite the account (once)',
    headers: idempotencyHeaders,
    data: ignition.igniteData,
  }),
  getUserBurnRecords: endpoint({
    method: 'GET',
    path: '/api/user/burn/records',
    scope: 'user',
    tags: ['ignition'],
    summary: 'Burn records: on-chain burns and off-chain burns waiting for on-chain confirmation',
    query: ignition.burnRecordsQuery,
    data: ignition.burnRecordsData,
  }),
  getUserHashrate: endpoint({
    method: 'GET',
    path: '/api/user/hashrate',
    scope: 'user',
    tags: ['hashrate'],
    summary: 'Hashrate: whole network, team bonus, direct-referral bonus, own total',
    data: hashrate.hashrateData,
  }),
  getUserAirdrop: endpoint({
    method: 'GET',
    path: '/api/user/airdrop',
    scope: 'user',
    tags: ['airdrop'],
    summary: 'Airdrop (or presale): total allocation, personal, yesterday, today, unlock and end time',
    query: airdrop.airdropQuery,
    data: airdrop.airdropData,
  }),
  getUserAirdropUnlocks: endpoint({
    method: 'GET',
    path: '/api/user/airdrop/unlocks',
    scope: 'user',
    tags: ['airdrop'],
    summary: 'Unlock details: every release of my allocations',
    query: airdrop.unlocksQuery,
    data: airdrop.unlocksData,
  }),
  getUserQuota: endpoint({
    method: 'GET',
    path: '/api/user/quota',
    scope: 'user',
    tags: ['airdrop'],
    summary: 'Quota: total, reserved (locked), deducted (released), payment amount, presale, airdrop',
    data: airdrop.quotaData,
  }),
  getUserPresale: endpoint({
    method: 'GET',
    path: '/api/user/presale',
    scope: 'user',
    tags: ['airdrop'],
    summary: 'Presale terms: price, quota sold and left, personal limit and holding, unlock schedule',
    data: airdrop.presaleInfo,
  }),
  postUserPresaleBuy: endpoint({
    method: 'POST',
    path: '/api/user/presale/buy',
    scope: 'user',
    tags: ['airdrop'],
    summary:
      'Buy a presale FREE allocation with USDT from the wallet balance (at the price, within the quota and the personal limit); it unlocks linearly',
    headers: idempotencyHeaders,
    body: airdrop.presaleBuyBody,
    data: airdrop.presaleBuyData,
  }),

  // chain pool
  postUserPoolContribute: endpoint({
    method: 'POST',
    path: '/api/user/pool/contribute',
    scope: 'user',
    tags: ['pool'],
    summary:
      'Contribute USDT from the wallet balance; burn_bps of its value is burned in FREE at the DEX price',
    headers: idempotencyHeaders,
    body: pool.poolContributeBody,
    data: pool.poolOrder,
  }),
  postUserPoolCollect: endpoint({
    method: 'POST',
    path: '/api/user/pool/collect',
    scope: 'user',
    tags: ['pool'],
    summary:
      'Move the whole USDT of the mining pool balance (the pool income) to the wallet; allowed while the pool is closed',
    headers: idempotencyHeaders,
    body: pool.poolCollectBody,
    data: pool.poolCollectData,
  }),
  getUserPoolContributions: endpoint({
    method: 'GET',
    path: '/api/user/pool/contributions',
    scope: 'user',
    tags: ['pool'],
    summary: 'My contributions, total and level',
    query: pool.poolContributionsQuery,
    data: pool.poolContributionsData,
  }),
  getUserPoolOrders: endpoint({
    method: 'GET',
    path: '/api/user/pool/orders',
    scope: 'user',
    tags: ['pool'],
    summary: 'My pool orders (price and FREE burned of each contribution)',
    query: pool.poolOrdersQuery,
    data: pool.poolOrdersData,
  }),

  // prediction rounds
  postUserRoundBet: endpoint({
    method: 'POST',
    path: '/api/user/round/bet',
    scope: 'user',
    tags: ['rounds'],
    summary: 'Buy up or down in the open round with the USDT balance (locked at the open price)',
    headers: idempotencyHeaders,
    body: rounds.roundBetBody,
    data: rounds.roundBet,
  }),
  getUserRoundBets: endpoint({
    method: 'GET',
    path: '/api/user/round/bets',
    scope: 'user',
    tags: ['rounds'],
    summary: 'My bets with their outcome',
    query: rounds.roundBetsQuery,
    data: rounds.roundBetsData,
  }),

  // Huan Li Bao
  postUserHlbSubscribe: endpoint({
    method: 'POST',
    path: '/api/user/hlb/subscribe',
    scope: 'user',
    tags: ['hlb'],
    summary: 'Subscribe a Huan Li Bao product with the USDT balance',
    headers: idempotencyHeaders,
    body: hlb.hlbSubscribeBody,
    data: hlb.hlbOrder,
  }),
  postUserHlbRedeem: endpoint({
    method: 'POST',
    path: '/api/user/hlb/redeem',
    scope: 'user',
    tags: ['hlb'],
    summary: 'Redeem an order whose lock has passed (principal back, income accrued to the day)',
    headers: idempotencyHeaders,
    body: hlb.hlbRedeemBody,
    data: hlb.hlbOrder,
  }),
  getUserHlbOrders: endpoint({
    method: 'GET',
    path: '/api/user/hlb/orders',
    scope: 'user',
    tags: ['hlb'],
    summary: 'My orders, products, and static/dynamic income today, yesterday and in total',
    query: hlb.hlbOrdersQuery,
    data: hlb.hlbOrdersData,
  }),

  // machines
  postUserMachineBuy: endpoint({
    method: 'POST',
    path: '/api/user/machine/buy',
    scope: 'user',
    tags: ['machines'],
    summary: 'Buy a machine with the wallet balance; grants its hashrate for its days',
    headers: idempotencyHeaders,
    body: machines.machineBuyBody,
    data: machines.machineOrder,
  }),
  getUserMachines: endpoint({
    method: 'GET',
    path: '/api/user/machines',
    scope: 'user',
    tags: ['machines'],
    summary: 'My machines and my current machine hashrate',
    query: machines.myMachinesQuery,
    data: machines.myMachinesData,
  }),

  // shop
  postUserShopOrder: endpoint({
    method: 'POST',
    path: '/api/user/shop/order',
    scope: 'user',
    tags: ['shop'],
    summary: 'Order shares of a product, paid from the wallet balance at once',
    headers: idempotencyHeaders,
    body: shop.shopOrderBody,
    data: shop.shopOrder,
  }),
  postUserShopCancel: endpoint({
    method: 'POST',
    path: '/api/user/shop/cancel',
    scope: 'user',
    tags: ['shop'],
    summary: 'Cancel an order not shipped yet (refunded)',
    headers: idempotencyHeaders,
    body: shop.shopCancelBody,
    data: shop.shopOrder,
  }),
  getUserShopOrders: endpoint({
    method: 'GET',
    path: '/api/user/shop/orders',
    scope: 'user',
    tags: ['shop'],
    summary: 'My shop orders',
    query: shop.shopOrdersQuery,
    data: shop.shopOrdersData,
  }),
  getUserFccRecords: endpoint({
    method: 'GET',
    path: '/api/user/fcc/records',
    scope: 'user',
    tags: ['shop'],
    summary: 'FCC records (ledger entries in FCC)',
    query: shop.fccRecordsQuery,
    data: shop.fccRecordsData,
  }),

  // cards
  postUserCardApply: endpoint({
    method: 'POST',
    path: '/api/user/card/apply',
    scope: 'user',
    tags: ['cards'],
    summary: 'Apply for a virtual or physical card (physical needs an address)',
    body: cards.cardApplyBody,
    data: cards.card,
  }),
  getUserCards: endpoint({
    method: 'GET',
    path: '/api/user/cards',
    scope: 'user',
    tags: ['cards'],
    summary: 'My card applications',
    data: cards.cardsData,
  }),

  // the event stream's ticket
  postUserStreamTicket: endpoint({
    method: 'POST',
    path: '/api/user/stream_ticket',
    scope: 'user',
    tags: ['stream'],
    summary: `A one-use ticket that opens GET /api/stream with your own events (valid ${STREAM_TICKET_MS / 1000} s)`,
    data: stream.streamTicketData,
  }),
};
