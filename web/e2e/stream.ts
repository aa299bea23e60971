// The event stream in the browser (src/api/stream.ts, docs/api.md "Event stream") on the stack of
// with-stack.ts, as anvil account 3:
// 1. signed in on the Profile, a recharge paid on chain and credited by the API's indexer shows in
//    the wallet balance within a bounded wait, and the page's only API requests from the payment to
//    the new figure are the ones the stream's events asked for (the Profile polls none of them: the
//    figure can only have come through the stream);
// 2. the API ends the stream (POST /api/dev/streams/close) and reconnecting is refused for a while:
//    the AI trade page polls its round again; once the stream is back the polling stops.
// The page's EventSource is watched from inside (stream-watch.ts). Needs the API with DEV_CLOCK=1
// (with-stack.ts). Last line: `N passed, N failed`.
import { until } from '@free/devchain/wait';
import { paymentAbi } from '@free/protocol/abi/index';
import { parseHex } from '@free/protocol/address';
import type { RechargeOrder } from '@free/protocol/api/index';
import { STREAM_REFUSED_RETRY_MS, USER_EVENT } from '@free/protocol/stream';
import type { Page, Route } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, erc20Abi, type Hex, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { asUser, call, MNEMONIC, shown, shows, signInOnPage, statValue, tokenOf, wei } from './api.ts';
import {
  API_URL,
  assert,
  type Catalog,
  catalog,
  check,
  finish,
  go,
  newPage,
  RPC_URL,
  results,
  serveApp,
  settle,
  stackState,
} from './harness.ts';
import { watchEventSource } from './stream-watch.ts';

/** This script's user: anvil account 3 (run.ts uses 1, journey.ts 2, the console 0). */
const USER_INDEX = 3;
const USER = mnemonicToAccount(MNEMONIC, { addressIndex: USER_INDEX });
const en: Catalog = catalog('en');
/** The AI trade page's round poll while the stream is down (src/api/rounds.ts). */
const ROUND_POLL_MS = 5_000;
const ROUND_PATH = '/api/common/round/current';

type ApiRequest = { method: string; path: string; at: number };

/** Every request the page makes to the API, stamped on this process's clock (as the stream's notes). */
function watchRequests(page: Page): ApiRequest[] {
  const requests: ApiRequest[] = [];
  const api = new URL(API_URL).origin;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === api) requests.push({ method: r.method(), path: url.pathname, at: Date.now() });
  });
  return requests;
}

/** The stream's own requests (the one-use ticket, the stream): not reads of the page. */
const isStreamRequest = (r: ApiRequest) => r.path === '/api/stream' || r.path === '/api/user/stream_ticket';

/** The API paths a stream event makes the open page read again (src/api/stream.ts keysForEvent). */
const READS_OF_EVENT: Record<string, string> = {
  [USER_EVENT]: '/api/user',
  round: '/api/common/round',
  price: '/api/common/quotes',
  fomo: '/api/common/fomo',
};

async function main() {
  const stack = await stackState();
  if (stack !== 'chain') {
    console.log('stream: needs the API with a deployment and the chain (run it through e2e/with-stack.ts)');
    results.failed++;
    return;
  }
  const config = await call<{ contracts: { usdt: Address; payment: Address } }>('GET', '/api/common/config');
  const chain = createPublicClient({ transport: http(RPC_URL), pollingInterval: 100 });
  const wallet = createWalletClient({ account: USER, transport: http(RPC_URL) });
  const send = async (hash: Hex) => {
    const r = await chain.waitForTransactionReceipt({ hash });
    assert(r.status === 'success', `transaction ${hash} reverted`);
  };

  const app = await serveApp();
  const { base, browser } = app;
  console.log(`stream: anvil account ${USER_INDEX} (${USER.address}) on ${base}`);
  try {
    const page = await newPage(browser, base, {
      'free.lang': 'en',
      'free.theme': 'light',
      'free.localWallet.index': String(USER_INDEX),
    });
    const notes = await watchEventSource(page);
    const requests = watchRequests(page);
    await page.goto(`${base}#/pages/mine/mine`);
    await settle(page);
    const signedIn = await check('sign in: the page opens a signed-in stream', async () => {
      await signInOnPage(page);
      // a new session restarts the stream with a ticket: its `ready` says signed in
      await until(
        'a signed-in stream',
        async () => notes.some((n) => n.type === 'ready' && n.data.includes('"signedIn":true')),
        15_000,
      ).catch((error: Error) => {
        const seen = notes.map((n) => `${n.type} ${n.data}`).join(' | ') || 'nothing';
        throw new Error(`${error.message} (the page's EventSource: ${seen})`);
      });
    });
    if (!signedIn) return;

    await check(
      'a recharge credited by the indexer reaches the open Profile through the stream, with no polling',
      async () => {
        type Profile = { balances: { wallet: { USDT: string } } };
        const walletShown = () =>
          statValue(page, en['mine.walletBalance'] ?? '?', '[data-testid="profile-balances"]');
        const before = wei((await asUser<Profile>(page, '/api/user')).balances.wallet.USDT);
        await shows('the wallet balance before', walletShown, shown(before, 'USDT'));
        const order = await call<RechargeOrder>('POST', '/api/user/recharge/create', {
          token: await tokenOf(page),
          body: { amount: '25' },
        });
        const from = { notes: notes.length, requests: requests.length };
        const t0 = Date.now();
        await send(
          await wallet.writeContract({
            chain: null,
            address: config.contracts.usdt,
            abi: erc20Abi,
            functionName: 'approve',
            args: [config.contracts.payment, BigInt(order.amountWei)],
          }),
        );
        await send(
          await wallet.writeContract({
            chain: null,
            address: config.contracts.payment,
            abi: paymentAbi,
            functionName: 'payment',
            args: [
              parseHex(order.orderId, 'orderId', 32),
              config.contracts.usdt,
              BigInt(order.amountWei),
              BigInt(order.endTime),
              parseHex(order.signature, 'signature'),
            ],
          }),
        );
        const paidAt = Date.now();
        const expected = before + wei(order.credit);
        await shows('the wallet balance after the credit', walletShown, shown(expected, 'USDT'), 20_000);
        const shownAt = Date.now();
        const after = wei((await asUser<Profile>(page, '/api/user')).balances.wallet.USDT);
        assert(after === expected, `the API says ${after}, before + credit is ${expected}`);

        const heard = notes.slice(from.notes).filter((n) => n.at <= shownAt);
        const told = heard.find((n) => n.type === USER_EVENT && n.data.includes('"balances"'));
        assert(
          told,
          `no user event with "balances" reached the page (it heard: ${heard.map((n) => n.type).join(', ') || 'nothing'})`,
        );
        assert(!heard.some((n) => n.type === 'error'), 'the stream broke meanwhile');
        const reads = requests.slice(from.requests).filter((r) => r.at <= shownAt && !isStreamRequest(r));
        // each read follows an event that names it: a poll would be a read no event asked for
        const unasked = reads.filter(
          (r) => !heard.some((n) => n.at <= r.at && r.path.startsWith(READS_OF_EVENT[n.type] ?? '\0')),
        );
        assert(
          unasked.length === 0,
          `the page read what no event asked for: ${unasked.map((r) => `${r.method} ${r.path}`).join(', ')}`,
        );
        const profileReads = reads.filter((r) => r.method === 'GET' && r.path === '/api/user');
        assert(
          profileReads.length === 1,
          `${profileReads.length} GET /api/user between the payment and the new figure`,
        );
        console.log(
          `        (paid in ${paidAt - t0} ms; the event came ${told.at - paidAt} ms after, the figure ${shownAt - paidAt} ms after; ${reads.length} API read(s): ${reads.map((r) => `${r.method} ${r.path}`).join(', ')})`,
        );
      },
    );

    await check(
      'the API ends the stream: the AI trade page polls its round while it is down, and stops once it is back',
      async () => {
        await go(page, '/pages/index/aiTrade');
        const lastReady = notes.findLastIndex((n) => n.type === 'ready');
        assert(
          lastReady >= 0 && !notes.slice(lastReady).some((n) => n.type === 'error'),
          'the stream is not open on the AI trade page',
        );
        // reconnecting is refused until the page has shown that it polls
        const refuse = (route: Route) => route.abort('connectionrefused');
        const STREAM_URL = /\/api\/stream(\?|$)/;
        await page.route(STREAM_URL, refuse);
        const from = { notes: notes.length, requests: requests.length };
        const closed = await call<{ closed: number }>('POST', '/api/dev/streams/close');
        assert(closed.closed >= 1, 'the API held no stream');
        await until(
          'the page to see its stream end',
          async () => notes.slice(from.notes).some((n) => n.type === 'error'),
          10_000,
        );
        const dropAt = notes.slice(from.notes).find((n) => n.type === 'error')?.at ?? Date.now();
        const roundReads = () => requests.slice(from.requests).filter((r) => r.path === ROUND_PATH);
        await until('two polls of the round', async () => roundReads().length >= 2, ROUND_POLL_MS * 3);
        const polls = roundReads();
        assert(
          !notes.slice(from.notes).some((n) => n.type === 'ready'),
          'the stream came back while refused',
        );
        const gap = (polls[1]?.at ?? 0) - (polls[0]?.at ?? 0);
        assert(gap > ROUND_POLL_MS / 2, `two round reads ${gap} ms apart: not a ${ROUND_POLL_MS} ms poll`);
        console.log(
          `        (stream ended; polls ${(polls[0]?.at ?? 0) - dropAt} ms and ${(polls[1]?.at ?? 0) - dropAt} ms after)`,
        );

        await page.unroute(STREAM_URL, refuse);
        const backFrom = notes.length;
        // a refused opening waits the server's Retry-After (STREAM_REFUSED_RETRY_MS) before the next
        await until(
          'the stream to come back',
          async () => notes.slice(backFrom).some((n) => n.type === 'ready'),
          STREAM_REFUSED_RETRY_MS + 15_000,
        );
        const backAt = notes.slice(backFrom).find((n) => n.type === 'ready')?.at ?? Date.now();
        // after a gap the page reads everything once; then no round read for more than a poll's
        // interval (an observation of an absence: it has to last that long)
        const readAgain = () => requests.filter((r) => r.path === ROUND_PATH && r.at >= backAt);
        await until('the read after the gap', async () => readAgain().length >= 1, 10_000);
        const settled = Date.now();
        // (a round event of the rounds job may ask for a read: that one is no poll)
        const asked = () => notes.some((n) => n.type === 'round' && n.at >= settled);
        const next = await page
          .waitForRequest((r) => new URL(r.url()).pathname === ROUND_PATH && !asked(), {
            timeout: ROUND_POLL_MS + 1_500,
          })
          .then(
            () => Date.now() - settled,
            () => null,
          );
        assert(
          next === null,
          `the round was read again ${next} ms after the stream came back: still polling`,
        );
      },
    );
    await page.context().close();
  } finally {
    await app.close();
  }
}

await main().catch((error) => {
  results.failed++;
  console.log(`  FAIL  stream: ${(error as Error).stack ?? error}`);
});
finish();
