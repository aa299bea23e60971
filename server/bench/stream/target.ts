// The API process of the stream bench: the real app on an in-memory PGlite, listening; forked by
// stream.bench.ts. Answers its memory on 'mem' (after a full GC), funds the FOMO pool on 'fund'
// (one notification every stream hears), and exits on 'stop'.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDb } from '../../src/db/client.ts';
import { fundFomo } from '../../src/services/fomo.ts';

export type StreamTargetMessage =
  | { kind: 'ready'; port: number }
  | { kind: 'mem'; rss: number; heapUsed: number; external: number }
  | { kind: 'funded' };

const handle = await openDb('memory://');
const config = {
  ...loadConfig({
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv),
  chainId: 31337,
};
const app = await buildApp({
  db: handle,
  config,
  logger: false,
  rateLimit: { perIp: 1_000_000_000, perAddress: 1_000_000_000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const send = (m: StreamTargetMessage) => process.send?.(m);
send({ kind: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
let funds = 0;
process.on('message', async (m: string) => {
  if (m === 'mem') {
    (globalThis as { gc?: () => void }).gc?.();
    const u = process.memoryUsage();
    send({ kind: 'mem', rss: u.rss, heapUsed: u.heapUsed, external: u.external });
  } else if (m === 'fund') {
    await fundFomo(handle.db, 10n ** 18n, `bench-${++funds}`);
    send({ kind: 'funded' });
  } else if (m === 'stop') {
    await app.close();
    await handle.close();
    process.exit(0);
  }
});
