// Server settings from the environment, validated once at start; a bad value stops the server
// with a message naming the variable.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_ROLES, type OperatorRole } from '@free/protocol/api/admin';
import { LOCAL_CHAIN_ID, LOCAL_MNEMONIC } from '@free/protocol/constants';
import { type Deployment, deploymentSchema } from '@free/protocol/deployment';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
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
  /**
   * Which peers' X-Forwarded-For to believe for the client address (rate limits per IP): false
   * (default: the socket address), a number of proxy hops, or the proxies' addresses / CIDRs.
   */
  trustProxy: TrustProxy;
  /** operators of the console by checksummed address (OPERATOR_ADDRESSES) */
  operators: ReadonlyMap<Address, OperatorRole>;
  /**
   * DEV_CLOCK=1: the local dev clock and POST /api/dev/advance (`npm start` turns them on itself;
   * the browser tests' throw-away stack through this setting). Refused on any chain but 31337.
   */
  devClock: boolean;
};

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function localKey(index: number): Hex {
  const key = mnemonicToAccount(LOCAL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error('cannot derive local key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

const keySchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');

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
});

/** Reads and validates the settings; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset (a common shell mistake: `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid server settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  const deploymentFile = isAbsolute(e.DEPLOYMENT_FILE)
    ? e.DEPLOYMENT_FILE
    : resolve(REPO_ROOT, e.DEPLOYMENT_FILE);
  let deployment: Deployment | null = null;
  if (existsSync(deploymentFile)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(deploymentFile, 'utf8'));
    } catch (err) {
      throw new ConfigError(
        `DEPLOYMENT_FILE: ${deploymentFile} is not valid JSON (${(err as Error).message})`,
      );
    }
    const d = deploymentSchema.safeParse(raw);
    if (!d.success) {
      const fields = d.error.issues.map((i) => i.path.join('.')).join(', ');
      throw new ConfigError(`DEPLOYMENT_FILE: ${deploymentFile} has bad or missing fields: ${fields}`);
    }
    deployment = d.data;
  }
  const chainId = deployment?.chainId ?? e.CHAIN_ID ?? LOCAL_CHAIN_ID;
  if (deployment && e.CHAIN_ID !== undefined && e.CHAIN_ID !== deployment.chainId) {
    throw new ConfigError(
      `CHAIN_ID: ${e.CHAIN_ID} differs from the deployment's chainId ${deployment.chainId}`,
    );
  }
  const local = chainId === LOCAL_CHAIN_ID;
  if (e.DEV_CLOCK && !local)
    throw new ConfigError(
      `DEV_CLOCK: the dev clock is local-only (chain id ${LOCAL_CHAIN_ID}); this server is for chain ${chainId}`,
    );

  const defaults = { SIGNER_KEY: localKey(10), HOT_WALLET_KEY: localKey(11) } as const;
  const pickKey = (name: 'SIGNER_KEY' | 'HOT_WALLET_KEY'): Hex => {
    const given = e[name] as Hex | undefined;
    if (local) return given ?? defaults[name];
    if (!given)
      throw new ConfigError(`${name}: required on chain ${chainId} (local defaults apply only to 31337)`);
    if (Object.values(defaults).some((k) => k.toLowerCase() === given.toLowerCase())) {
      throw new ConfigError(`${name}: a well-known local test key is refused on chain ${chainId}`);
    }
    return given;
  };
  const signerKey = pickKey('SIGNER_KEY');
  const hotWalletKey = pickKey('HOT_WALLET_KEY');

  let clientSecret = e.FREE_CLIENT_SECRET;
  if (!clientSecret) {
    if (!local) throw new ConfigError(`FREE_CLIENT_SECRET: required on chain ${chainId}`);
    clientSecret = LOCAL_CLIENT_SECRET;
  } else if (!local && clientSecret === LOCAL_CLIENT_SECRET) {
    throw new ConfigError(`FREE_CLIENT_SECRET: the local default is refused on chain ${chainId}`);
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
    finalityDepth: e.FINALITY_DEPTH ?? (local ? 0 : 15),
    sessionIdleMs: Math.round(e.SESSION_IDLE_HOURS * 3_600_000),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    // nobody operates a real chain by default; locally the deployer (anvil account 0) is admin
    operators:
      e.OPERATOR_ADDRESSES ?? new Map<Address, OperatorRole>(local ? [[LOCAL_OWNER_ADDRESS, 'admin']] : []),
    devClock: e.DEV_CLOCK,
  };
}
