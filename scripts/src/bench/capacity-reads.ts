// The signed-in readers of the capacity bench (capacity.ts), in a process of their own so that the
// stream holder's event loop never delays a read's timing: each reader is one user on a client
// address of its own (127.2.0.x), reading GET /api/user (signed, as the web app sends it) through
// nginx over HTTPS on a keep-alive connection, once a second, until told to stop. Answers every
// read as [start (epoch ms), duration (ms), ok].
import { Agent, request } from 'node:https';
import { signRequest } from '@free/protocol/signing';

export type ReadsStart = { url: string; ca: string; secret: string; tokens: string[]; everyMs: number };
export type ReadSample = [start: number, ms: number, ok: boolean];

const now = () => performance.timeOrigin + performance.now();
const samples: ReadSample[] = [];
let running = true;

function read(url: URL, agent: Agent, ca: string, secret: string, token: string): Promise<boolean> {
  const times = String(Date.now());
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        agent,
        ca,
        headers: {
          platform: 'h5',
          authorization: `Bearer ${token}`,
          times,
          sign: signRequest(secret, token, times),
        },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve(res.statusCode === 200 && body.startsWith('{"code":200')));
        res.on('error', () => resolve(false));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function reader(start: ReadsStart, i: number) {
  const url = new URL('/api/user', start.url);
  const token = start.tokens[i] as string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.2.0.${i + 1}`, ca: start.ca });
  // spread over the interval, not all at once
  await new Promise((r) => setTimeout(r, (start.everyMs * i) / start.tokens.length));
  while (running) {
    const t0 = now();
    const ok = await read(url, agent, start.ca, start.secret, token);
    const ms = now() - t0;
    samples.push([t0, ms, ok]);
    await new Promise((r) => setTimeout(r, Math.max(0, start.everyMs - ms)));
  }
  agent.destroy();
}

process.on('message', (m: { start: ReadsStart } | 'stop') => {
  if (m === 'stop') {
    running = false;
    process.send?.(samples, () => process.exit(0));
    return;
  }
  m.start.tokens.forEach((_, i) => void reader(m.start, i));
});
