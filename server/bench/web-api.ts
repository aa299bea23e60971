// The API the web benchmark's page talks to (scripts/src/bench/web.ts): the real app on an in-memory
// database holding the demo's public content (banners, announcements, documents, the open modules,
// a funded FOMO pool, quotes (one rising, one falling) — what a visitor's home page shows; server/src/ops/seed.ts), answering
// the page's origin through CORS, so that the bench measures the home page as a phone sees it with a
// backend up (without one, every request fails and an error toast becomes the largest paint).
// Prints `listening <port>` once ready; ends on SIGTERM.
// Run: node --import tsx server/bench/web-api.ts <port> <page host:port>
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { openDemoModules, seedContent } from '../src/ops/seed.ts';
import { fomoFloor, fundFomo } from '../src/services/fomo.ts';
import { setQuote, snapshotQuotes } from '../src/services/quotes.ts';

const [port, pageHost] = process.argv.slice(2);
if (!port || !pageHost) {
  console.error('usage: web-api.ts <port> <page host:port>');
  process.exit(2);
}
const db = await openDb('memory://');
await seedContent(db);
await openDemoModules(db);
await fundFomo(db.db, (await fomoFloor(db.db)) * 3n, 'web-bench');
// prices a day ago and now (in cents): FREE rising, FCC falling, so that the home page shows both
// market colours (the bench's Lighthouse run checks their contrast)
const now = new Date();
const dayAgo = new Date(now.getTime() - 25 * 3600_000);
for (const [symbol, before, price] of [
  ['FREE', 120n, 125n],
  ['FCC', 50n, 48n],
] as const) {
  await setQuote(db.db, { symbol, name: symbol, price: before * 10n ** 16n, source: 'manual', now: dayAgo });
  await snapshotQuotes(db.db, dayAgo, 1);
  await setQuote(db.db, { symbol, name: symbol, price: price * 10n ** 16n, source: 'manual', now });
}
const config = {
  ...loadConfig({
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    LOG_LEVEL: 'silent',
    SIWE_DOMAINS: pageHost,
  } as NodeJS.ProcessEnv),
  chainId: 31337,
};
const app = await buildApp({ db, config, logger: false });
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${port}`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
