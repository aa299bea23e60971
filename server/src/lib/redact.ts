// Secrets that must never reach a log line or an answer: keys, the client secret, passwords in
// DATABASE_URL / REDIS_URL, and whatever an RPC URL carries besides its origin (providers put
// their API key in the path, the query or the user part). The process remembers them once its
// settings are read; `redact` blanks them out of any text (the logger runs every line through it).

const MARK = '[redacted]';
// shorter values would blank out ordinary words; no real key or password is this short
const MIN_SECRET = 6;
const secrets = new Set<string>();

/** The parts of a URL that may be secret: user, password, path beyond `/`, query, fragment. */
function urlSecrets(text: string | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const one of text.split(',')) {
    const raw = one.trim();
    if (!URL.canParse(raw)) continue;
    const u = new URL(raw);
    if (u.password) out.push(u.password, decodeURIComponent(u.password));
    const rest = `${u.pathname === '/' ? '' : u.pathname}${u.search}${u.hash}`;
    // an RPC key lives in the path (…/v3/<key>) or the query (?apikey=…): everything after the origin
    if (rest) out.push(raw, rest, ...u.pathname.split('/'), ...[...u.searchParams.values()]);
  }
  return out;
}

/** Remembers secret values (the JSON-escaped form too, as a log line holds it). */
export function rememberSecrets(values: readonly (string | undefined)[]): void {
  for (const v of values) {
    if (!v || v.length < MIN_SECRET) continue;
    secrets.add(v);
    secrets.add(JSON.stringify(v).slice(1, -1));
    // a hex key may be written without its 0x
    if (/^0x[0-9a-fA-F]{64}$/.test(v)) secrets.add(v.slice(2));
  }
}

/** The secret values of the settings (environment names as docs/operations.md lists them). */
export function secretsOfSettings(s: {
  rpcUrl?: string;
  databaseUrl?: string;
  redisUrl?: string;
  clientSecret?: string;
  keys?: readonly (string | undefined)[];
}): string[] {
  const password = (url: string | undefined) =>
    url && URL.canParse(url) && new URL(url).password
      ? [new URL(url).password, decodeURIComponent(new URL(url).password)]
      : [];
  return [
    ...urlSecrets(s.rpcUrl),
    ...password(s.databaseUrl),
    ...password(s.redisUrl),
    ...(s.clientSecret ? [s.clientSecret] : []),
    ...(s.keys ?? []).filter((k): k is string => !!k),
  ];
}

/** The secrets straight from the environment (before the settings are parsed: a refusal at start). */
export function secretsOfEnv(env: NodeJS.ProcessEnv): string[] {
  return secretsOfSettings({
    rpcUrl: env.RPC_URL,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    clientSecret: env.FREE_CLIENT_SECRET,
    keys: [env.SIGNER_KEY, env.HOT_WALLET_KEY, env.DEPLOYER_KEY],
  });
}

/** `text` with every remembered secret replaced by `[redacted]` (longest first, so no part is left). */
export function redact(text: string): string {
  if (secrets.size === 0) return text;
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.replaceAll(s, MARK);
  }
  return out;
}
