// One API process of the capacity bench (capacity.ts), forked by it: the real app on the bench's
// PostgreSQL, listening on 127.0.0.1, behind nginx (TRUST_PROXY=1) with the production limits
// (600 requests a minute per client address, streams 20 per address and 5,000 per process). The
// first process applies the migrations and signs the readers in; each answers its memory and file
// descriptors on request, and the first funds the FOMO pool on 'fund' (one `fomo` event every
// stream on every process hears, through PostgreSQL's NOTIFY).
import { openSync, readdirSync, writeSync } from 'node:fs';
import { buildSiweMessage } from '@free/protocol/siwe';
import { type Hex, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openDb } from '../../../server/src/db/client.ts';
import { fundFomo } from '../../../server/src/services/fomo.ts';
import { seedSettings } from '../../../server/src/services/settings.ts';

export type CapacityApiMessage =
  | { kind: 'ready'; port: number; tokens: string[] }
  | { kind: 'usage'; rss: number; fds: number }
  | { kind: 'funded'; at: number };

const [dbUrl = '', role = 'second', readersArg = '0'] = process.argv.slice(2);
const first = role === 'first';
const devNull = openSync('/dev/null', 'w');
const handle = await openDb(dbUrl, { poolSize: 10, migrations: first ? undefined : 'check' });
const config = {
  ...loadConfig({
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
  } as NodeJS.ProcessEnv),
  chainId: 31337,
};
if (first) await seedSettings(handle.db);
const app = await buildApp({
  db: handle,
  config,
  // production's request log (info level, one line per request), into /dev/null
  logger: { stream: { write: (line: string) => writeSync(devNull, line) } },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const HEADERS = { platform: 'h5', 'accept-language': 'en' };
async function signIn(n: number): Promise<string> {
  const account = privateKeyToAccount(keccak256(toHex(`free-capacity:${n}`)) as Hex);
  const nonce = await app.inject({ url: `/api/common/nonce?address=${account.address}`, headers: HEADERS });
  const domain = config.siweDomains[0] ?? '127.0.0.1:5173';
  const now = new Date();
  const message = buildSiweMessage({
    address: account.address,
    chainId: 31337,
    domain,
    nonce: nonce.json().data.nonce,
    uri: `http://${domain}`,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
  });
  const r = await app.inject({
    method: 'POST',
    url: '/api/common/login',
    headers: HEADERS,
    payload: { message, signature: await account.signMessage({ message }) },
  });
  const body = r.json();
  if (body.code !== 200) throw new Error(`capacity sign-in failed: ${r.body}`);
  return body.data.token as string;
}
const tokens: string[] = [];
if (first) for (let n = 0; n < Number(readersArg); n++) tokens.push(await signIn(n));

const send = (m: CapacityApiMessage) => process.send?.(m);
send({ kind: 'ready', port, tokens });
let funds = 0;
process.on('message', async (m: string) => {
  if (m === 'usage') {
    send({ kind: 'usage', rss: process.memoryUsage().rss, fds: readdirSync('/proc/self/fd').length });
  } else if (m === 'fund') {
    await fundFomo(handle.db, 10n ** 18n, `capacity-${process.pid}-${++funds}`);
    send({ kind: 'funded', at: performance.timeOrigin + performance.now() });
  } else if (m === 'stop') {
    await app.close();
    await handle.close();
    process.exit(0);
  }
});
