// The API the web benchmark's page talks to (scripts/src/bench/web.ts): the real app on an empty
// in-memory database, answering the page's origin through CORS, so that Lighthouse measures the
// home page as a phone sees it with a backend up (without one, every request fails and an error
// toast becomes the largest paint). Prints `listening <port>` once ready; ends on SIGTERM.
// Run: node --import tsx server/bench/web-api.ts <port> <page host:port>
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';

const [port, pageHost] = process.argv.slice(2);
if (!port || !pageHost) {
  console.error('usage: web-api.ts <port> <page host:port>');
  process.exit(2);
}
const db = await openDb('memory://');
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
