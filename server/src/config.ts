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
import { type Address, createPublicClient, getAddress, type Hex, http, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';

export const LOCAL_CLIENT_SECRET = 'free-local-dev-secret';
/** anvil account 0: the deployer and owner of the local contracts, the local default operator */
export const LOCAL_OWNER_ADDRESS = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');

/** Repository root (server/src/config.ts → ../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ROOT = resolve(REPO_ROOT, 'server');

export type Config = {
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
  hotWalletKey: Hex;
  signerAddress: Address;
  hotWalletAddress: Address;
  siweDomains: string[];
  finalityDepth: number;
  /** a session unused this long ends (each use renews it), within its absolute 30-day lifetime */
  sessionIdleMs: number;
  logLevel: string;
  /** Redis holding the rate-limit counters shared by every API process; unset → in this process */
  redisUrl: string | undefined;
  /** prefix of every Redis key this deployment writes (several deployments can share one Redis) */
  redisKeyPrefix: string;
  /** requests per minute per client IP and per signed-in address (RATE_LIMIT_PER_IP, RATE_LIMIT_PER_ADDRESS) */
  rateLimits: RateLimits;
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
};

export const DEFAULT_METRICS_PORT = 9464;

export type TrustProxy = false | number | string[];

/** Requests per minute: per client IP (every request) and per signed-in address. */
export type RateLimits = { perIp: number; perAddress: number };
export const DEFAULT_RATE_LIMITS: RateLimits = { perIp: 600, perAddress: 240 };

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
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory://' || /^postgres(ql)?:\/\//.test(v) || v.startsWith('file://'), {
      message: 'must be memory://, file://<dir> or postgres://…',
    })
    .optional(),
  RPC_URL: z.url({ message: 'must be an http(s) URL' }).default('http://127.0.0.1:8545'),
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

function parseEnv(env: NodeJS.ProcessEnv) {
  // Empty strings count as unset (a common shell mistake: `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
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
): Promise<Config> {
  const { e } = parseEnv(env);
  let rpc: RpcChain;
  try {
    rpc = { chainId: await readChainId(e.RPC_URL) };
  } catch (err) {
    rpc = { error: (err as Error).message.split('\n')[0] ?? String(err) };
  }
  return loadConfig(env, { rpc });
}

/** eth_chainId of `rpcUrl` (5 s per try, one retry). */
export function rpcChainId(rpcUrl: string): Promise<number> {
  return createPublicClient({ transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }) }).getChainId();
}

/** Reads and validates the settings; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config {
  const { e, given } = parseEnv(env);
  const rpc = opts.rpc;
  const rpcId = rpc && 'chainId' in rpc ? rpc.chainId : undefined;
  // where a refusal happens: "on chain 56", or an RPC that did not answer (never taken for local)
  const where = (id: number | undefined) =>
    rpc && 'error' in rpc
      ? `when the RPC is not the local chain ${LOCAL_CHAIN_ID} (RPC_URL ${e.RPC_URL} did not answer eth_chainId: ${rpc.error})`
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
      `RPC_URL: ${e.RPC_URL} answers chain id ${rpcId}, but DEPLOYMENT_FILE ${deploymentFile} is for chain ${deployment.chainId}`,
    );
  if (deployment && e.CHAIN_ID !== undefined && e.CHAIN_ID !== deployment.chainId) {
    throw new ConfigError(
      `CHAIN_ID: ${e.CHAIN_ID} differs from the deployment's chainId ${deployment.chainId}`,
    );
  }
  if (rpcId !== undefined && e.CHAIN_ID !== undefined && e.CHAIN_ID !== rpcId)
    throw new ConfigError(
      `CHAIN_ID: ${e.CHAIN_ID} differs from the RPC's chain id ${rpcId} (RPC_URL ${e.RPC_URL})`,
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
  const hotWalletKey = pickKey('HOT_WALLET_KEY');

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

  return {
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
    hotWalletAddress: privateKeyToAccount(hotWalletKey).address,
    siweDomains: e.SIWE_DOMAINS,
    // blocks an event must be buried under before it counts: 15 on BSC-type chains; 0 on anvil,
    // which never reorganises by itself and makes a block only when a transaction comes
    finalityDepth: e.FINALITY_DEPTH ?? (isLocal ? 0 : 15),
    sessionIdleMs: Math.round(e.SESSION_IDLE_HOURS * 3_600_000),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimits: { perIp: e.RATE_LIMIT_PER_IP, perAddress: e.RATE_LIMIT_PER_ADDRESS },
    trustProxy: e.TRUST_PROXY,
    operators,
    devClock: e.DEV_CLOCK,
    metrics: (() => {
      const port = e.METRICS_PORT === undefined ? (isLocal ? null : DEFAULT_METRICS_PORT) : e.METRICS_PORT;
      return port === null ? null : { host: e.METRICS_HOST, port };
    })(),
  };
}
