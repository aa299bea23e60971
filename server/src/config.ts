// Server settings from the environment, validated once at start; a bad value stops the server
// with a message naming the variable.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePrivateKey } from '@free/protocol/address';
import { OPERATOR_ROLES, type OperatorRole } from '@free/protocol/api/admin';
import { LOCAL_CHAIN_ID } from '@free/protocol/constants';
import { type Deployment, deploymentSchema } from '@free/protocol/deployment';
import { isLocalTestAddress, isLocalTestKey, LOCAL_ACCOUNTS } from '@free/protocol/local-accounts';
import { type Address, createPublicClient, getAddress, type Hex, isAddress, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { rpcTransport, rpcUrlList, safeRpcUrl, safeUrl, scrubUrls } from './lib/rpc.ts';

export { safeUrl };

export const LOCAL_CLIENT_SECRET = 'free-local-dev-secret';
/** anvil account 0: the deployer and owner of the local contracts, the local default operator */
export const LOCAL_OWNER_ADDRESS = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');

/**
 * The hot wallet's fee ceiling (docs/operations.md "The hot wallet's guards"): no transaction of it
 * pays more than this per gas (HOT_WALLET_MAX_FEE_GWEI; BSC asks about 0.1–5 gwei), and none is
 * re-signed more than this many times (HOT_WALLET_MAX_RESIGNS; 10 bumps of 12.5 % = 3.2× the first fee).
 */
export const DEFAULT_HOT_WALLET_MAX_FEE_GWEI = '50';
export const DEFAULT_HOT_WALLET_MAX_RESIGNS = 10;

/** Repository root (server/src/config.ts → ../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ROOT = resolve(REPO_ROOT, 'server');

/**
 * What this process does (PROCESS_ROLE, docs/deploy.md "Process roles"): `api` serves HTTP and runs
 * no job, and never reads the hot wallet's key; `jobs` runs the jobs (each while it holds its
 * leader lock) and serves only the health probes and metrics; `all` (the default) both, as
 * `npm start` runs locally.
 */
const PROCESS_ROLES = ['api', 'jobs', 'all'] as const;
type ProcessRole = (typeof PROCESS_ROLES)[number];

/** Whether a process of `role` serves the API (every route) and whether it runs the jobs. */
export const servesApi = (role: ProcessRole): boolean => role !== 'jobs';
export const runsJobs = (role: ProcessRole): boolean => role !== 'api';

export type Config = {
  /** PROCESS_ROLE: api, jobs or all (default) */
  role: ProcessRole;
  port: number;
  host: string;
  /** `undefined` → PGlite in server/.data/pglite; `memory://` → in-memory PGlite; `postgres://…` */
  databaseUrl: string | undefined;
  rpcUrl: string;
  deploymentFile: string;
  /** null when the deployment file does not exist yet (the server still answers, without addresses). */
  deployment: Deployment | null;
  chainId: number;
  clientSecret: string;
  signerKey: Hex;
  /** the hot wallet's key; undefined in the api role, which signs no transaction */
  hotWalletKey: Hex | undefined;
  signerAddress: Address;
  hotWalletAddress: Address;
  siweDomains: string[];
  finalityDepth: number;
  /** a session unused this long ends (each use renews it), within its absolute 30-day lifetime */
  sessionIdleMs: number;
  /** the most a hot-wallet transaction pays per gas, in wei (HOT_WALLET_MAX_FEE_GWEI) */
  hotWalletMaxFeePerGas: bigint;
  /** the most re-signs of one hot-wallet transaction (HOT_WALLET_MAX_RESIGNS) */
  hotWalletMaxResigns: number;
  logLevel: string;
  /** Redis holding the rate-limit counters shared by every API process; unset → in this process */
  redisUrl: string | undefined;
  /** prefix of every Redis key this deployment writes (several deployments can share one Redis) */
  redisKeyPrefix: string;
  /** requests per minute per client IP and per signed-in address (RATE_LIMIT_PER_IP, RATE_LIMIT_PER_ADDRESS) */
  rateLimits: RateLimits;
  /** open event streams (GET /api/stream) at once: STREAM_MAX_PER_CLIENT, _PER_USER, _PER_PROCESS */
  streamLimits: StreamLimits;
  /**
   * Which peers' X-Forwarded-For to believe for the client address (rate limits per IP): false
   * (default: the socket address), a number of proxy hops, or the proxies' addresses / CIDRs.
   */
  trustProxy: TrustProxy;
  /** operators of the console by checksummed address (OPERATOR_ADDRESSES) */
  operators: ReadonlyMap<Address, OperatorRole>;
  /**
   * DEV_CLOCK=1: the local dev clock, POST /api/dev/advance and /api/dev/streams/close (`npm start` turns them on itself;
   * the browser tests' throw-away stack through this setting). Refused on any chain but 31337.
   */
  devClock: boolean;
  /**
   * Where this process serves Prometheus's /metrics (METRICS_HOST, METRICS_PORT; port 0: any free
   * port); null: none (METRICS_PORT=off, and the default on the local chain, where several stacks
   * and test processes share one machine). docs/operations.md "Alerts and runbooks".
   */
  metrics: { host: string; port: number } | null;
  /**
   * How long a process told to stop (SIGTERM) keeps serving with readiness answering 503 before it
   * stops taking connections, so the load balancer's probe sees it first (DRAIN_SECONDS; default 5
   * off the local chain, 0 on it). docs/deploy.md "Stopping".
   */
  drainMs: number;
};

/** DRAIN_SECONDS off the local chain when unset. */
export const DEFAULT_DRAIN_SECONDS = 5;

export const DEFAULT_METRICS_PORT = 9464;

export type TrustProxy = false | number | string[];

/** Requests per minute: per client IP (every request) and per signed-in address. */
export type RateLimits = { perIp: number; perAddress: number };
export const DEFAULT_RATE_LIMITS: RateLimits = { perIp: 600, perAddress: 240 };

/**
 * Event streams open at once in one API process: per client (IPv4 address or IPv6 /64, http/client-key.ts),
 * per signed-in user, in all; and how long one stream lives before the server ends it (the client
 * opens a new one, re-checking its session).
 */
export type StreamLimits = { perClient: number; perUser: number; perProcess: number; maxAgeMs: number };
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  // a household or an office behind one address, each person with a few tabs
  perClient: 20,
  // one per tab: a few tabs on a few devices
  perUser: 8,
  perProcess: 5_000,
  maxAgeMs: 30 * 60_000,
};
const streamCount = (def: number) =>
  z.coerce
    .number({ message: 'must be a whole number of streams' })
    .int('must be a whole number of streams')
    .min(1, 'must be at least 1')
    .default(def);

/** FINALITY_DEPTH, else 0 on the local chain (instant blocks) and 15 elsewhere (docs/deploy.md). */
const finalityDepthOf = (given: number | undefined, isLocal: boolean): number => given ?? (isLocal ? 0 : 15);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function localKey(index: number): Hex {
  const account = LOCAL_ACCOUNTS[index];
  if (!account) throw new Error(`no local account ${index}`);
  return account[1];
}

const keySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
  .transform((v) => parsePrivateKey(v));

const envSchema = z.object({
  PROCESS_ROLE: z.enum(PROCESS_ROLES, { message: 'must be api, jobs or all' }).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory://' || /^postgres(ql)?:\/\//.test(v) || v.startsWith('file://'), {
      message: 'must be memory://, file://<dir> or postgres://…',
    })
    .optional(),
  // one URL, or several tried in order (lib/rpc.ts)
  RPC_URL: z
    .string()
    .refine(
      (v) =>
        rpcUrlList(v).length > 0 &&
        rpcUrlList(v).every((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol)),
      { message: 'must be an http(s) URL, or several separated by commas' },
    )
    .default('http://127.0.0.1:8545'),
  DEPLOYMENT_FILE: z.string().min(1).default('deployments/local.json'),
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  FREE_CLIENT_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  SIGNER_KEY: keySchema.optional(),
  HOT_WALLET_KEY: keySchema.optional(),
  SIWE_DOMAINS: z
    .string()
    .default('127.0.0.1:5173,localhost:5173')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length > 0, 'must list at least one host[:port]'),
  FINALITY_DEPTH: z.coerce.number().int().min(0).max(1000).optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().max(720).default(72),
  HOT_WALLET_MAX_FEE_GWEI: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,9})?$/, 'must be a number of gwei, e.g. 50 or 0.5')
    .default(DEFAULT_HOT_WALLET_MAX_FEE_GWEI)
    .transform((v) => parseUnits(v, 9))
    .refine((v) => v > 0n, 'must be more than 0'),
  HOT_WALLET_MAX_RESIGNS: z.coerce
    .number({ message: 'must be a whole number of re-signs' })
    .int('must be a whole number of re-signs')
    .min(0, 'must be 0 or more')
    .max(100, 'must be 100 or less')
    .default(DEFAULT_HOT_WALLET_MAX_RESIGNS),
  OPERATOR_ADDRESSES: z
    .string()
    .transform((v, ctx) => {
      const out = new Map<Address, OperatorRole>();
      for (const item of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [addr = '', role = '', ...rest] = item.split(':').map((s) => s.trim());
        if (rest.length > 0 || !isAddress(addr, { strict: false })) {
          ctx.addIssue({ code: 'custom', message: `"${item}": expected 0x<address>:<role>` });
          continue;
        }
        if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${item}": role must be one of ${OPERATOR_ROLES.join(', ')}`,
          });
          continue;
        }
        const key = getAddress(addr);
        if (out.has(key)) ctx.addIssue({ code: 'custom', message: `${key} is listed twice` });
        out.set(key, role as OperatorRole);
      }
      return out;
    })
    .optional(),
  DEV_CLOCK: z
    .enum(['0', '1', 'false', 'true'], { message: 'must be 1 (on) or 0 (off)' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .refine((v) => URL.canParse(v) && /^rediss?:$/.test(new URL(v).protocol) && new URL(v).hostname !== '', {
      message: 'must be redis://[user:password@]host[:port][/db] or rediss://…',
    })
    .optional(),
  RATE_LIMIT_PER_IP: z.coerce
    .number({ message: 'must be a whole number of requests per minute' })
    .int('must be a whole number of requests per minute')
    .min(1, 'must be at least 1')
    .default(DEFAULT_RATE_LIMITS.perIp),
  RATE_LIMIT_PER_ADDRESS: z.coerce
    .number({ message: 'must be a whole number of requests per minute' })
    .int('must be a whole number of requests per minute')
    .min(1, 'must be at least 1')
    .default(DEFAULT_RATE_LIMITS.perAddress),
  STREAM_MAX_PER_CLIENT: streamCount(DEFAULT_STREAM_LIMITS.perClient),
  STREAM_MAX_PER_USER: streamCount(DEFAULT_STREAM_LIMITS.perUser),
  STREAM_MAX_PER_PROCESS: streamCount(DEFAULT_STREAM_LIMITS.perProcess),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -')
    .default('free:'),
  // off, a hop count (1 = one reverse proxy in front), or the proxies' addresses / CIDRs
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const s = v.trim().toLowerCase();
      if (s === 'false' || s === 'off' || s === '0') return false;
      // `true` means the usual single proxy; trusting every hop would let a client pick its own IP
      if (s === 'true' || s === 'on') return 1;
      if (/^\d+$/.test(s)) return Number(s);
      const list = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((x) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(x))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a number of proxy hops, or a comma list of proxy addresses / CIDRs',
      });
      return z.NEVER;
    }),
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'must be a port number (0: any free port) or off')
    .transform((v) => (v === 'off' ? null : Number(v)))
    .refine((v) => v === null || v <= 65535, 'must be a port number (0: any free port) or off')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DRAIN_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(120, 'must be 120 or less')
    .optional(),
});

/** What the RPC answered to eth_chainId at start: its chain id, or why it did not answer. */
export type RpcChain = { chainId: number } | { error: string };

export type LoadOptions = {
  /**
   * The RPC's answer (resolveConfig asks it): "local" means the RPC answers chain id 31337, never a
   * missing setting. Without it (tools and tests that build a config by hand) the chain is the
   * deployment's, CHAIN_ID, or else the local one; the same refusals apply off the local chain.
   */
  rpc?: RpcChain;
};

/**
 * The settings that hold a key, a password or a provider's token: each can also come from
 * `<NAME>_FILE` (systemd credentials, container secrets), and no message or log line ever shows one
 * (URLs are shown by `safeUrl`).
 */
export const SECRET_SETTINGS = [
  'SIGNER_KEY',
  'HOT_WALLET_KEY',
  'FREE_CLIENT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'RPC_URL',
  'DEPLOYER_KEY',
] as const;

/**
 * `env` with every `<NAME>_FILE` of SECRET_SETTINGS read into `<NAME>` (the file's text without
 * its trailing newline). Refused naming the variable: both given, a file that cannot be read or is
 * empty. Empty strings count as unset (a common shell mistake: `FOO= npm start`).
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): Record<string, string> {
  const out = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  for (const name of SECRET_SETTINGS) {
    const file = out[`${name}_FILE`];
    if (file === undefined) continue;
    if (out[name] !== undefined) throw new ConfigError(`${name}_FILE: ${name} is set too; set one of them`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new ConfigError(
        `${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    if (text.trim() === '') throw new ConfigError(`${name}_FILE: ${file} is empty`);
    out[name] = text.trim();
    delete out[`${name}_FILE`];
  }
  return out;
}

function parseEnv(env: NodeJS.ProcessEnv) {
  // an internet-facing api process never holds the hot wallet's key: given one (or its file, which
  // is then never read), it refuses to start
  if (env.PROCESS_ROLE === 'api')
    for (const name of ['HOT_WALLET_KEY', 'HOT_WALLET_KEY_FILE'])
      if (env[name])
        throw new ConfigError(
          `${name}: refused with PROCESS_ROLE=api (the hot wallet's key belongs to the jobs processes only)`,
        );
  const cleaned = withSecretFiles(env);
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid server settings:\n${lines.join('\n')}`);
  }
  return { e: parsed.data, given: (name: string) => cleaned[name] !== undefined };
}

function readDeployment(deploymentFile: string): Deployment | null {
  if (!existsSync(deploymentFile)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(deploymentFile, 'utf8'));
  } catch (err) {
    throw new ConfigError(`DEPLOYMENT_FILE: ${deploymentFile} is not valid JSON (${(err as Error).message})`);
  }
  const d = deploymentSchema.safeParse(raw);
  if (!d.success) {
    const fields = d.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new ConfigError(`DEPLOYMENT_FILE: ${deploymentFile} has bad or missing fields: ${fields}`);
  }
  return d.data;
}

/**
 * Asks the RPC for its chain id, then reads the settings (loadConfig) knowing which chain they
 * serve. The API starts through this: pointed at any chain but the local one it refuses to start
 * unless fully configured for that chain.
 */
export async function resolveConfig(
  env: NodeJS.ProcessEnv = process.env,
  readChainId: (rpcUrl: string) => Promise<number> = rpcChainId,
  readSigners: ReadSigners = readSignersOnChain,
): Promise<Config> {
  const { e } = parseEnv(env);
  let rpc: RpcChain;
  try {
    rpc = { chainId: await readChainId(e.RPC_URL) };
  } catch (err) {
    // the first line only, and never the URL itself (a provider's key may sit in it)
    const line = (err as Error).message.split('\n')[0] ?? String(err);
    rpc = { error: scrubUrls(line, rpcUrlList(e.RPC_URL)) };
  }
  const config = loadConfig(env, { rpc });
  if ('chainId' in rpc && rpc.chainId !== LOCAL_CHAIN_ID && config.deployment)
    await checkSignerOnChain(config, config.deployment, readSigners);
  return config;
}

/**
 * Whether the deployed Staking and Payment contracts accept signatures of `signer` (`isSigner` of
 * each: more than one key is accepted while the signer is rotated, docs/operations.md).
 */
export type ReadSigners = (
  rpcUrl: string,
  contracts: { staking: Address; payment: Address },
  signer: Address,
) => Promise<{ staking: boolean; payment: boolean }>;

const isSignerAbi = [
  {
    type: 'function',
    name: 'isSigner',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ type: 'bool' }],
  },
] as const;

const readSignersOnChain: ReadSigners = async (rpcUrl, c, signer) => {
  const client = createPublicClient({ transport: rpcTransport(rpcUrl, { timeoutMs: 5_000 }) });
  const read = (address: Address) =>
    client.readContract({ address, abi: isSignerAbi, functionName: 'isSigner', args: [signer] });
  const [staking, payment] = await Promise.all([read(c.staking), read(c.payment)]);
  return { staking, payment };
};

/**
 * Off the local chain SIGNER_KEY must be a key both deployed contracts accept: any other would have
 * every payment order and inviter signature refused on chain.
 */
async function checkSignerOnChain(config: Config, d: Deployment, read: ReadSigners): Promise<void> {
  let accepted: { staking: boolean; payment: boolean };
  try {
    accepted = await read(config.rpcUrl, { staking: d.staking, payment: d.payment }, config.signerAddress);
  } catch (err) {
    const line = (err as Error).message.split('\n')[0] ?? String(err);
    throw new ConfigError(
      `DEPLOYMENT_FILE: cannot read isSigner() of its Staking ${d.staking} and Payment ${d.payment} on chain ${config.chainId} (${line})`,
    );
  }
  for (const [contract, ok, at] of [
    ['Staking', accepted.staking, d.staking],
    ['Payment', accepted.payment, d.payment],
  ] as const) {
    if (!ok)
      throw new ConfigError(
        `SIGNER_KEY: its address ${config.signerAddress} is not a signer the deployed ${contract} ${at} accepts; refused on chain ${config.chainId}`,
      );
  }
}

/** eth_chainId of `rpcUrl` (5 s per try, one retry). */
export function rpcChainId(rpcUrl: string): Promise<number> {
  return createPublicClient({ transport: rpcTransport(rpcUrl, { timeoutMs: 5_000 }) }).getChainId();
}

/** The minimum FINALITY_DEPTH off the local chain: BSC's fast finality needs two blocks on top. */
export const MIN_FINALITY_DEPTH = 2;

type Parsed = ReturnType<typeof parseEnv>;

/**
 * The chain the settings serve and its deployment, and off the local chain the database every
 * process shares: the part of the settings the operator tools need too.
 */
function chainSettings({ e, given }: Parsed, opts: LoadOptions) {
  const rpc = opts.rpc;
  const rpcId = rpc && 'chainId' in rpc ? rpc.chainId : undefined;
  // where a refusal happens: "on chain 56", or an RPC that did not answer (never taken for local)
  const where = (id: number | undefined) =>
    rpc && 'error' in rpc
      ? `when the RPC is not the local chain ${LOCAL_CHAIN_ID} (RPC_URL ${safeRpcUrl(e.RPC_URL)} did not answer eth_chainId: ${rpc.error})`
      : `on chain ${id}`;
  const requireDeploymentFile = (id: number | undefined) => {
    if (!given('DEPLOYMENT_FILE'))
      throw new ConfigError(
        `DEPLOYMENT_FILE: required ${where(id)}; deployments/local.json is assumed only on the local chain ${LOCAL_CHAIN_ID}`,
      );
  };
  if (rpc && rpcId !== LOCAL_CHAIN_ID) requireDeploymentFile(rpcId);

  const deploymentFile = isAbsolute(e.DEPLOYMENT_FILE)
    ? e.DEPLOYMENT_FILE
    : resolve(REPO_ROOT, e.DEPLOYMENT_FILE);
  const deployment = readDeployment(deploymentFile);
  if (rpcId !== undefined && deployment && deployment.chainId !== rpcId)
    throw new ConfigError(
      `RPC_URL: ${safeRpcUrl(e.RPC_URL)} answers chain id ${rpcId}, but DEPLOYMENT_FILE ${deploymentFile} is for chain ${deployment.chainId}`,
    );
  if (deployment && e.CHAIN_ID !== undefined && e.CHAIN_ID !== deployment.chainId) {
    throw new ConfigError(
      `CHAIN_ID: ${e.CHAIN_ID} differs from the deployment's chainId ${deployment.chainId}`,
    );
  }
  if (rpcId !== undefined && e.CHAIN_ID !== undefined && e.CHAIN_ID !== rpcId)
    throw new ConfigError(
      `CHAIN_ID: ${e.CHAIN_ID} differs from the RPC's chain id ${rpcId} (RPC_URL ${safeRpcUrl(e.RPC_URL)})`,
    );
  const chainId = rpcId ?? deployment?.chainId ?? e.CHAIN_ID ?? LOCAL_CHAIN_ID;
  // local only when the RPC answers 31337 (or, without an RPC answer, when the settings say so)
  const isLocal = rpc ? rpcId === LOCAL_CHAIN_ID : chainId === LOCAL_CHAIN_ID;
  const off = where(chainId);

  if (!isLocal) {
    requireDeploymentFile(chainId);
    if (!deployment)
      throw new ConfigError(`DEPLOYMENT_FILE: ${deploymentFile} does not exist (required ${off})`);
    for (const role of ['signer', 'hotWallet'] as const) {
      const a = deployment[role];
      if (a && isLocalTestAddress(a))
        throw new ConfigError(
          `DEPLOYMENT_FILE: its ${role} ${a} is an anvil test account (public key), refused ${off}`,
        );
    }
    // one database for every process: an embedded PGlite would be one per process
    if (!e.DATABASE_URL || !/^postgres(ql)?:\/\//.test(e.DATABASE_URL))
      throw new ConfigError(
        `DATABASE_URL: a postgres:// URL is required ${off} (the embedded PGlite — unset, file:// or memory:// — is for the local chain ${LOCAL_CHAIN_ID} only)`,
      );
  }
  return { deploymentFile, deployment, chainId, isLocal, off };
}

/** Reads and validates the settings; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config {
  const parsed = parseEnv(env);
  const { e, given } = parsed;
  const { deploymentFile, deployment, chainId, isLocal, off } = chainSettings(parsed, opts);
  if (!isLocal) {
    if (!e.REDIS_URL)
      throw new ConfigError(
        `REDIS_URL: required ${off} (the rate limits every API process shares; counting in each process alone is for the local chain)`,
      );
    if (!given('SIWE_DOMAINS'))
      throw new ConfigError(
        `SIWE_DOMAINS: required ${off} (the host[:port] users open, e.g. app.example.com; 127.0.0.1:5173,localhost:5173 is the local default)`,
      );
    if (!given('TRUST_PROXY'))
      throw new ConfigError(
        `TRUST_PROXY: required ${off}: 1 behind one reverse proxy (nginx), false when clients connect directly (a wrong guess rate-limits every user as one client, or lets a client choose its address)`,
      );
    if (e.FINALITY_DEPTH !== undefined && e.FINALITY_DEPTH < MIN_FINALITY_DEPTH)
      throw new ConfigError(
        `FINALITY_DEPTH: ${e.FINALITY_DEPTH} is below the minimum of ${MIN_FINALITY_DEPTH} ${off} (blocks on top of an event before it counts; 15 when unset)`,
      );
  }
  if (e.DEV_CLOCK && !isLocal)
    throw new ConfigError(
      `DEV_CLOCK: the dev clock is local-only (chain id ${LOCAL_CHAIN_ID}); refused ${off}`,
    );

  const defaults = { SIGNER_KEY: localKey(10), HOT_WALLET_KEY: localKey(11) } as const;
  const pickKey = (name: 'SIGNER_KEY' | 'HOT_WALLET_KEY'): Hex => {
    const key = e[name];
    if (isLocal) return key ?? defaults[name];
    if (!key)
      throw new ConfigError(`${name}: required ${off} (local defaults apply only to ${LOCAL_CHAIN_ID})`);
    if (isLocalTestKey(key))
      throw new ConfigError(
        `${name}: an anvil test key (the public "test … junk" mnemonic) is refused ${off}`,
      );
    return key;
  };
  const signerKey = pickKey('SIGNER_KEY');
  const hotWalletKey = e.PROCESS_ROLE === 'api' ? undefined : pickKey('HOT_WALLET_KEY');
  // without the key (the api role) the address comes from the deployment file alone
  if (!isLocal && deployment && !hotWalletKey && !deployment.hotWallet)
    throw new ConfigError(`DEPLOYMENT_FILE: names no hotWallet address; required ${off}`);
  if (!isLocal && deployment) {
    // the deployment file names both addresses (the deploy wrote them): a key of another account
    // would sign what the contracts refuse, or pay from a wallet nobody funded
    const keys = [
      ['SIGNER_KEY', signerKey, 'signer'],
      ...(hotWalletKey ? ([['HOT_WALLET_KEY', hotWalletKey, 'hotWallet']] as const) : []),
    ] as const;
    for (const [name, key, field] of keys) {
      const named = deployment[field];
      const address = privateKeyToAccount(key).address;
      if (!named)
        throw new ConfigError(
          `DEPLOYMENT_FILE: names no ${field} address; required ${off} to check ${name} against`,
        );
      if (named !== address)
        throw new ConfigError(
          `${name}: its address ${address} is not the ${field} ${named} of DEPLOYMENT_FILE; refused ${off}`,
        );
    }
  }

  let clientSecret = e.FREE_CLIENT_SECRET;
  if (!clientSecret) {
    if (!isLocal) throw new ConfigError(`FREE_CLIENT_SECRET: required ${off}`);
    clientSecret = LOCAL_CLIENT_SECRET;
  } else if (!isLocal && clientSecret === LOCAL_CLIENT_SECRET) {
    throw new ConfigError(`FREE_CLIENT_SECRET: the local default is refused ${off}`);
  }

  // nobody operates a real chain by default; locally the deployer (anvil account 0) is admin
  const operators =
    e.OPERATOR_ADDRESSES ?? new Map<Address, OperatorRole>(isLocal ? [[LOCAL_OWNER_ADDRESS, 'admin']] : []);
  if (!isLocal) {
    if (operators.size === 0)
      throw new ConfigError(
        `OPERATOR_ADDRESSES: required ${off} (0x<address>:admin,…; anvil account 0 is the default only on the local chain)`,
      );
    const test = [...operators.keys()].find(isLocalTestAddress);
    if (test)
      throw new ConfigError(
        `OPERATOR_ADDRESSES: ${test} is an anvil test account (public key), refused ${off}`,
      );
  }

  // the api role reads the hot wallet's address from the deployment (anvil's account 11 locally)
  const hotWalletAddress = hotWalletKey
    ? privateKeyToAccount(hotWalletKey).address
    : (deployment?.hotWallet ?? privateKeyToAccount(defaults.HOT_WALLET_KEY).address);

  return {
    role: e.PROCESS_ROLE,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.RPC_URL,
    deploymentFile,
    deployment,
    chainId,
    clientSecret,
    signerKey,
    hotWalletKey,
    signerAddress: privateKeyToAccount(signerKey).address,
    hotWalletAddress,
    siweDomains: e.SIWE_DOMAINS,
    // blocks an event must be buried under before it counts: 15 on BSC-type chains; 0 on anvil,
    // which never reorganises by itself and makes a block only when a transaction comes
    finalityDepth: finalityDepthOf(e.FINALITY_DEPTH, isLocal),
    sessionIdleMs: Math.round(e.SESSION_IDLE_HOURS * 3_600_000),
    hotWalletMaxFeePerGas: e.HOT_WALLET_MAX_FEE_GWEI,
    hotWalletMaxResigns: e.HOT_WALLET_MAX_RESIGNS,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimits: { perIp: e.RATE_LIMIT_PER_IP, perAddress: e.RATE_LIMIT_PER_ADDRESS },
    streamLimits: {
      perClient: e.STREAM_MAX_PER_CLIENT,
      perUser: e.STREAM_MAX_PER_USER,
      perProcess: e.STREAM_MAX_PER_PROCESS,
      maxAgeMs: DEFAULT_STREAM_LIMITS.maxAgeMs,
    },
    trustProxy: e.TRUST_PROXY,
    operators,
    devClock: e.DEV_CLOCK,
    metrics: (() => {
      const port = e.METRICS_PORT === undefined ? (isLocal ? null : DEFAULT_METRICS_PORT) : e.METRICS_PORT;
      return port === null ? null : { host: e.METRICS_HOST, port };
    })(),
    drainMs: Math.round((e.DRAIN_SECONDS ?? (isLocal ? 0 : DEFAULT_DRAIN_SECONDS)) * 1000),
  };
}

/** What the operator tool (`npm run ops`) reads: none of the API's keys. */
export type OpsConfig = Pick<
  Config,
  | 'port'
  | 'host'
  | 'databaseUrl'
  | 'rpcUrl'
  | 'deploymentFile'
  | 'deployment'
  | 'chainId'
  | 'hotWalletAddress'
  | 'finalityDepth'
> & {
  /**
   * HOT_WALLET_KEY (or its _FILE) when given, anvil's account 11 on the local chain: only the
   * commands that sign into the hot wallet's outbox need it (liabilities:publish)
   */
  hotWalletKey?: Hex;
};

/**
 * The operator tool's settings: RPC_URL, DATABASE_URL and DEPLOYMENT_FILE, refused off the local
 * chain as the API's are, and no key: the hot wallet's address is the deployment file's (reconcile
 * counts what it holds), so a cron job runs the read-only commands without any key. Commands that
 * send a transaction take DEPLOYER_KEY themselves (ops/cli.ts).
 */
export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const parsed = parseEnv(env);
  const { e } = parsed;
  const { deploymentFile, deployment, chainId, isLocal, off } = chainSettings(parsed, {});
  const key = e.HOT_WALLET_KEY ?? (isLocal ? localKey(11) : undefined);
  const hotWalletAddress = deployment?.hotWallet ?? (key ? privateKeyToAccount(key).address : undefined);
  if (!hotWalletAddress)
    throw new ConfigError(`DEPLOYMENT_FILE: names no hotWallet address; required ${off}`);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.RPC_URL,
    deploymentFile,
    deployment,
    chainId,
    hotWalletAddress,
    finalityDepth: finalityDepthOf(e.FINALITY_DEPTH, isLocal),
    ...(key ? { hotWalletKey: key } : {}),
  };
}
