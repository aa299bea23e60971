// The web app's Content-Security-Policy (docs/operations.md "Serving the web app (security headers)"): the vite dev and preview servers send it, and
// docs/operations.md gives the same header for the production web server. Scripts come only from
// the app's own origin; the page talks only to the API, the chain RPC and the wallet services.

/** What the WalletConnect / Reown AppKit modal reaches (src/wallet/appkit.ts, loaded on demand). */
export const WALLET_CONNECT_SRC = [
  'https://*.walletconnect.org',
  'wss://*.walletconnect.org',
  'https://*.walletconnect.com',
  'wss://*.walletconnect.com',
  'https://api.web3modal.org',
];
/** AppKit's verification iframe (domain check of the dApp). */
export const WALLET_FRAME_SRC = [
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
  'https://secure.walletconnect.org',
];

export interface CspOptions {
  /** the API base URL the app calls (VITE_API_URL) */
  apiUrl: string;
  /** the chain RPC the wallet code calls (VITE_RPC_URL) */
  rpcUrl: string;
  /** hashes (`sha256-…`) of index.html's inline scripts (the shell's two, src/shell/) */
  inlineScripts?: string[];
  /** dev server only: the nonce vite puts on its inline React-refresh preamble, and its HMR socket */
  dev?: { nonce: string; hmrOrigin: string };
}

export function contentSecurityPolicy(o: CspOptions): string {
  const connect = ["'self'", new URL(o.apiUrl).origin, new URL(o.rpcUrl).origin, ...WALLET_CONNECT_SRC];
  const script = ["'self'", ...(o.inlineScripts ?? []).map((h) => `'${h}'`)];
  if (o.dev) {
    script.push(`'nonce-${o.dev.nonce}'`);
    connect.push(o.dev.hmrOrigin);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    // antd-mobile and the AppKit web components set inline style attributes; styles cannot run code
    'style-src': ["'self'", "'unsafe-inline'"],
    // article covers and wallet icons come from other hosts; images cannot run code either
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https://fonts.reown.com'],
    'connect-src': [...new Set(connect)],
    'frame-src': WALLET_FRAME_SRC,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Every header the web app is served with. */
export function webSecurityHeaders(o: CspOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(o),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
