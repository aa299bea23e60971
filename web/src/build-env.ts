// The build's settings (vite.config.ts): the API and the chain RPC the app calls, and the secret it
// signs requests with. The defaults serve a build for this machine only: a build for another host
// must name all three, so that it never ships the public local secret or calls 127.0.0.1.

export const LOCAL_BUILD = {
  secret: 'free-local-dev-secret',
  apiUrl: 'http://127.0.0.1:8787',
  rpcUrl: 'http://127.0.0.1:8545',
} as const;

export type BuildEnv = { secret: string; apiUrl: string; rpcUrl: string };

const loopback = (url: string) => {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host.endsWith('.localhost');
};

/** The build's settings from the environment; throws naming what a non-local build lacks. */
export function buildEnv(env: Record<string, string | undefined>): BuildEnv {
  const given = (name: string) => env[name]?.trim() || undefined;
  const apiUrl = given('VITE_API_URL') ?? LOCAL_BUILD.apiUrl;
  if (!URL.canParse(apiUrl)) throw new Error(`VITE_API_URL: not a URL: ${apiUrl}`);
  const settings = {
    secret: given('FREE_CLIENT_SECRET') ?? LOCAL_BUILD.secret,
    apiUrl,
    rpcUrl: given('VITE_RPC_URL') ?? LOCAL_BUILD.rpcUrl,
  };
  if (loopback(apiUrl)) return settings;
  const problems = [
    !given('FREE_CLIENT_SECRET') && 'FREE_CLIENT_SECRET is not set',
    given('FREE_CLIENT_SECRET') === LOCAL_BUILD.secret && 'FREE_CLIENT_SECRET is the public local one',
    !given('VITE_RPC_URL') && 'VITE_RPC_URL is not set',
  ].filter(Boolean);
  if (problems.length > 0)
    throw new Error(
      `a build for ${new URL(apiUrl).origin} refuses the local defaults: ${problems.join('; ')} (web/README.md)`,
    );
  return settings;
}
