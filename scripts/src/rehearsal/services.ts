// What the rehearsal starts, stops and restarts on this machine: a PostgreSQL and a Redis of its own
// (never the machine's on 5432/6379), the API processes and nginx. Every start returns a handle the
// run's cleanup stops, also on failure.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, chownSync, cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { freePort } from '@free/devchain/anvil';
import { GaveUp, until } from '@free/devchain/wait';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * Runs a command to its end without blocking this process: anvil's output is read by this process,
 * and a synchronous child would leave anvil blocked on a full pipe (its RPC stops answering).
 */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; inherit?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ['ignore', opts.inherit ? 'inherit' : 'pipe', opts.inherit ? 'inherit' : 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', (err) => done({ code: 127, stdout, stderr: stderr + err.message }));
    child.once('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** `run` that throws with the output when the command fails. */
export async function runOk(cmd: string, args: string[], opts: Parameters<typeof run>[2] = {}) {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export const isRoot = () => process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: its commands run as the `postgres` user then. */
export function asPostgres(cmd: string, args: string[]) {
  return isRoot() ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export type Postgres = {
  url: string;
  port: number;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startPostgres(dir: string, port: number, log: (s: string) => void): Promise<Postgres> {
  const data = join(dir, 'pg');
  mkdirSync(data, { recursive: true });
  if (isRoot()) {
    const id = async (flag: string) => Number((await runOk('id', [flag, 'postgres'])).trim());
    chownSync(data, await id('-u'), await id('-g'));
    chmodSync(dir, 0o755);
  }
  const pgRun = async (cmd: string, args: string[]) => {
    const c = asPostgres(cmd, args);
    await runOk(c.cmd, c.args);
  };
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pgctl = (action: 'start' | 'stop' | 'restart') =>
    pgRun('pg_ctl', [
      '-D',
      data,
      '-o',
      opts,
      '-l',
      join(data, 'server.log'),
      '-w',
      '-t',
      '60',
      ...(action === 'start' ? [] : ['-m', 'fast']),
      action,
    ]);
  await pgctl('start');
  await pgRun('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'free']);
  log(`  PostgreSQL on 127.0.0.1:${port} (data ${data})`);
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/free`,
    port,
    restart: () => pgctl('restart'),
    stop: async () => {
      if (!running) return;
      running = false;
      await pgctl('stop').catch(() => {}); // already stopped
    },
  };
}

/** Runs one SQL statement on the rehearsal's database (psql, tab-separated rows). */
export async function psql(pg: Postgres, sql: string): Promise<string[][]> {
  const out = await runOk('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(pg.port),
    '-U',
    'postgres',
    '-d',
    'free',
    '-At',
    '-F',
    '\t',
    '-c',
    sql,
  ]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
}

// ---------------------------------------------------------------------------------------------
// Redis

export type RedisHandle = { url: string; start: () => Promise<void>; stop: () => Promise<void> };

export async function startRedis(port: number, log: (s: string) => void): Promise<RedisHandle> {
  let child: ChildProcess | null = null;
  const ping = async () => (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.includes('PONG');
  const handle: RedisHandle = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
        stdio: 'ignore',
      });
      await until(`Redis on ${port}`, ping, 10_000);
    },
    stop: async () => {
      const c = child;
      child = null;
      if (!c) return;
      c.kill('SIGTERM');
      await exited(c);
    },
  };
  await handle.start();
  log(`  Redis on 127.0.0.1:${port}`);
  return handle;
}

// ---------------------------------------------------------------------------------------------
// API processes

export type ApiProcess = {
  name: string;
  port: number;
  url: string;
  /** its Prometheus port (METRICS_PORT), one per process on this host; known once started */
  metricsPort: number | null;
  pid: () => number | undefined;
  start: () => Promise<void>;
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
  logFile: string;
};

/** Whether the API answers a request that reads the database (the settings behind the config). */
export async function apiAnswers(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/common/config`, {
    headers: { platform: 'h5' },
    signal: AbortSignal.timeout(3_000),
  });
  const body = (await res.json()) as { code?: number; data?: { contracts?: unknown } };
  return body.code === 200 && !!body.data?.contracts;
}

/** A process of the build; `answers` says it is up (default: it serves the API). */
export function apiProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  dir: string,
  answers: (url: string) => Promise<boolean> = apiAnswers,
): ApiProcess {
  let child: ChildProcess | null = null;
  const logFile = join(dir, `${name}.log`);
  const url = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    name,
    port,
    url,
    logFile,
    metricsPort: null,
    pid: () => child?.pid,
    start: async () => {
      api.metricsPort ??= await freePort();
      const out = openSync(logFile, 'a');
      // the build, as production runs it (docs/deploy.md): plain Node, no tsx
      const c = spawn(process.execPath, ['server/dist/main.js'], {
        cwd: ROOT,
        stdio: ['ignore', out, out],
        // an empty value removes the variable (DEV_CLOCK must be absent, not merely off)
        env: Object.fromEntries(
          Object.entries({
            ...process.env,
            ...env,
            PORT: String(port),
            METRICS_PORT: String(api.metricsPort),
          }).filter(([, v]) => v !== ''),
        ),
      });
      child = c;
      await until(
        `${name} to answer on ${url}`,
        async () => {
          if (c.exitCode !== null)
            throw new GaveUp(`${name} exited (${c.exitCode}): ${readFileSync(logFile, 'utf8').slice(-800)}`);
          return answers(url);
        },
        120_000,
        300,
      );
    },
    kill9: async () => {
      const c = child;
      child = null;
      if (!c) return;
      c.kill('SIGKILL');
      await exited(c);
    },
    stop: async () => {
      const c = child;
      child = null;
      if (!c) return;
      c.kill('SIGTERM');
      // the drain (DRAIN_SECONDS) and the requests in flight, as systemd's TimeoutStopSec allows
      const timer = setTimeout(() => c.kill('SIGKILL'), 45_000);
      await exited(c);
      clearTimeout(timer);
    },
  };
  return api;
}

// ---------------------------------------------------------------------------------------------
// TLS

/** A certificate made for one run: self-signed for 127.0.0.1 (P-256, valid two days). */
export type RunCertificate = {
  cert: string;
  key: string;
  pem: string;
  /** base64 SHA-256 of its public key: Chromium's --ignore-certificate-errors-spki-list takes it */
  spki: string;
  /** the flag that makes Chromium trust this certificate (and only this one) */
  chromiumFlag: string;
};

export async function makeCertificate(dir: string): Promise<RunCertificate> {
  const cert = join(dir, 'tls-cert.pem');
  const key = join(dir, 'tls-key.pem');
  await runOk('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  // nginx's master reads them as root before its workers drop to `nobody`
  const pem = readFileSync(cert, 'utf8');
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  const spki = createHash('sha256').update(der).digest('base64');
  return { cert, key, pem, spki, chromiumFlag: `--ignore-certificate-errors-spki-list=${spki}` };
}

/**
 * Makes this process's fetch() trust `pem` for `origin` only, verifying it (Node 20 cannot add a CA
 * to fetch once started): requests to that origin go through node:https with the certificate as the
 * one CA, every other request is untouched. The body comes back as sent (no Accept-Encoding is
 * added, so none is compressed unless asked for).
 */
function trustForFetch(origin: string, pem: string) {
  const plain = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin !== origin) return plain(input, init);
    const headers: Record<string, string> = {};
    new Headers(input instanceof Request ? input.headers : undefined).forEach((v, k) => {
      headers[k] = v;
    });
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = init?.body == null ? undefined : Buffer.from(init.body as string);
    return new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(
        url,
        {
          method: init?.method ?? 'GET',
          headers,
          ca: pem,
          agent: false,
          signal: init?.signal ?? undefined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
            const status = res.statusCode ?? 0;
            const empty = [101, 204, 205, 304].includes(status);
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

// ---------------------------------------------------------------------------------------------
// nginx

export type Nginx = { url: string; dir: string; stop: () => Promise<void> };

type NginxSite = {
  /** HTTPS */
  port: number;
  /** plain HTTP, which only redirects */
  httpPort: number;
  webRoot: string;
  apis: number[];
  tls: RunCertificate;
};

/**
 * Writes deploy/nginx.conf with this run's ports, paths and certificate, and the security headers
 * with the build's CSP (web/dist/csp-header.txt, verbatim), then runs nginx in the foreground. This
 * process's fetch() trusts the run's certificate for the site from then on (trustForFetch).
 */
export async function startNginx(dir: string, opts: NginxSite, log: (s: string) => void): Promise<Nginx> {
  const prefix = join(dir, 'nginx');
  for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(join(prefix, sub), { recursive: true });
  // nginx serves a copy of the build inside its own prefix, never the checkout: as root its workers
  // run as `nobody`, who cannot pass a private (0700) folder above a checkout such as /root; the
  // run's folder (mkdtemp: 0700) lets them through to known paths only (docs/deploy.md, step 7)
  chmodSync(dir, 0o711);
  const www = join(prefix, 'www');
  cpSync(opts.webRoot, www, { recursive: true });
  const served = { ...opts, webRoot: www };
  writeFileSync(join(prefix, 'nginx.conf'), renderNginxConf(prefix, served));
  writeFileSync(join(prefix, 'security-headers.conf'), renderSecurityHeaders(www));
  // as root, nginx's workers run as `nobody`: they write the temp folders
  if (isRoot()) await runOk('chown', ['-R', 'nobody', join(prefix, 'tmp')]);
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => {
    errors += c.toString();
  });
  const url = `https://127.0.0.1:${opts.port}`;
  trustForFetch(url, opts.tls.pem);
  await until(
    `nginx on ${url}`,
    async () => {
      if (child.exitCode !== null) throw new GaveUp(`nginx exited: ${errors}`);
      return (await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) })).ok;
    },
    20_000,
  );
  log(`  nginx on ${url} (config ${join(prefix, 'nginx.conf')})`);
  return {
    url,
    dir: prefix,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited(child);
    },
  };
}

/** deploy/nginx.conf with its placeholders filled: only addresses, paths and the certificate. */
export function renderNginxConf(
  prefix: string,
  opts: Omit<NginxSite, 'tls'> & { tls: { cert: string; key: string } },
) {
  const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  // the comments name the placeholders: only the directives are filled in
  const filled = template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)))
    .join('\n');
  const left = /^[^#\n]*__[A-Z_]+__/m.exec(filled);
  if (left) throw new Error(`deploy/nginx.conf: a placeholder this run does not fill: ${left[0].trim()}`);
  return filled;
  function fill(line: string) {
    return line
      .replaceAll('__PREFIX__', prefix)
      .replaceAll('__LISTEN_HTTP__', `127.0.0.1:${opts.httpPort}`)
      .replaceAll('__LISTEN__', `127.0.0.1:${opts.port}`)
      .replaceAll('__PUBLIC_HOST__', `127.0.0.1:${opts.port}`)
      .replaceAll('__TLS_CERT__', opts.tls.cert)
      .replaceAll('__TLS_KEY__', opts.tls.key)
      .replaceAll('__WEB_ROOT__', opts.webRoot)
      .replaceAll(
        '__API_SERVERS__',
        opts.apis.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    '),
      );
  }
}

export function renderSecurityHeaders(webRoot: string) {
  const template = readFileSync(join(ROOT, 'deploy', 'security-headers.conf'), 'utf8');
  const csp = readFileSync(join(webRoot, 'csp-header.txt'), 'utf8').trim();
  if (csp.includes('"')) throw new Error('csp-header.txt holds a double quote');
  return template.replaceAll('__CSP__', csp);
}

/**
 * What a client meets at the site's front door: the TLS version and ALPN protocol nginx picks when
 * offered h2 (verified against the run's certificate), whether it accepts a client limited to TLS 1.2
 * or one limited to TLS 1.1, and where plain HTTP sends it.
 */
export async function frontDoor(url: string, httpPort: number, tls: RunCertificate) {
  const { port } = new URL(url);
  const handshake = (opts: { maxVersion?: 'TLSv1.1' | 'TLSv1.2'; minVersion?: 'TLSv1' }) =>
    new Promise<{ version: string | null; alpn: string | false | null } | { refused: string }>((done) => {
      const socket = tlsConnect({
        host: '127.0.0.1',
        port: Number(port),
        ca: tls.pem,
        ALPNProtocols: ['h2', 'http/1.1'],
        ...opts,
      });
      socket.once('secureConnect', () => {
        done({ version: socket.getProtocol(), alpn: socket.alpnProtocol });
        socket.destroy();
      });
      socket.once('error', (e) => done({ refused: e.message }));
    });
  const redirect = await fetch(`http://127.0.0.1:${httpPort}/pages/mine/mine?x=1`, { redirect: 'manual' });
  return {
    best: await handshake({}),
    tls12: await handshake({ maxVersion: 'TLSv1.2' }),
    tls11: await handshake({ maxVersion: 'TLSv1.1', minVersion: 'TLSv1' }),
    redirect: { status: redirect.status, location: redirect.headers.get('location') },
  };
}
