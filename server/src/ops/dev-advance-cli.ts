// `npm run dev:advance -- 7d` (also 90s, 30m, 12h, 30d, 2w). Local chain only.
// With the stack of `npm start` running, the API does the work (POST /api/dev/advance), so its clock
// and jobs move at once; with no API listening, the chain is moved and the day's jobs run here on
// the configured database.
import { fileURLToPath } from 'node:url';
import { createPublicClient, http, type PublicClient } from 'viem';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import {
  type AdvanceResult,
  advanceLocal,
  assertLocalChain,
  DevAdvanceError,
  parseDuration,
} from './dev-advance.ts';

type Out = AdvanceResult & { serverTime?: string; via: 'api' | 'direct' };

export async function devAdvanceCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<Out> {
  const duration = args.find((a) => a !== '--');
  if (!duration) throw new DevAdvanceError('usage: npm run dev:advance -- <duration>, e.g. 12h, 7d, 30d');
  const seconds = parseDuration(duration);
  const rpcUrl = env.RPC_URL ?? 'http://127.0.0.1:8545';
  const apiUrl = (env.API_URL ?? `http://127.0.0.1:${env.PORT ?? 8787}`).replace(/\/$/, '');
  const client = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: 5_000 }),
  }) as PublicClient;
  try {
    await client.getChainId();
  } catch {
    throw new DevAdvanceError(`no chain answers at ${rpcUrl}: start the local stack with npm start`);
  }
  await assertLocalChain(client, rpcUrl);

  let res: Response | null = null;
  try {
    res = await fetch(`${apiUrl}/api/dev/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: 'devtools' },
      body: JSON.stringify({ seconds }),
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    res = null; // no API listening: do it here
  }
  let out: Out;
  if (res) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: Out } | null;
    if (res.status === 404 || body?.code === 404)
      throw new DevAdvanceError(
        `the API at ${apiUrl} has no dev clock (it was not started by npm start); nothing was changed`,
      );
    if (body?.code !== 200 || !body.data)
      throw new DevAdvanceError(`the API at ${apiUrl} refused: ${body?.msg ?? `HTTP ${res.status}`}`);
    out = { ...body.data, via: 'api' };
  } else {
    const config = { ...loadConfig({ ...env, RPC_URL: rpcUrl }), rpcUrl };
    const db = await openDb(config.databaseUrl);
    try {
      out = { ...(await advanceLocal({ db, config, client, seconds })), via: 'direct' };
    } finally {
      await db.close();
    }
  }
  log(`chain time is now ${out.chainTime}${out.serverTime ? ` (API clock ${out.serverTime})` : ''}`);
  log(out.settledDays.length > 0 ? `settled ${out.settledDays.join(', ')}` : 'no day to settle');
  for (const h of out.heldDays) log(`settlement of ${h.day} held: ${h.reason}`);
  if (out.via === 'direct') log('no API was running: the jobs ran here; npm start picks the new time up');
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  devAdvanceCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof DevAdvanceError ? `dev:advance: ${err.message}` : err);
      process.exit(err instanceof DevAdvanceError ? 2 : 1);
    },
  );
}
