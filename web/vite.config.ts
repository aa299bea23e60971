// Vite build, dev/preview server and vitest for the web app.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildEnv } from './src/build-env.ts';
import { contentSecurityPolicy, webSecurityHeaders } from './src/csp.ts';
import type { ShellTexts } from './src/shell/paint.ts';

const webModules = fileURLToPath(new URL('./node_modules', import.meta.url));
const { secret, apiUrl, rpcUrl } = buildEnv(process.env);

/**
 * index.html's inline shell script (src/shell/): built once per start into a small IIFE with the
 * shell's texts of every language taken from the catalogues, and its CSP hash.
 */
async function shellScript(): Promise<{ code: string; hash: string }> {
  const texts: Record<string, { title: string; tagline: string }> = {};
  const locales = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));
  // one catalogue per language of protocol's list (src/i18n/locales.test.ts checks)
  for (const file of readdirSync(locales).filter((f) => f.endsWith('.json'))) {
    const catalogue = JSON.parse(readFileSync(`${locales}${file}`, 'utf8')) as Record<string, string>;
    const title = catalogue['tab.home'];
    const tagline = catalogue['home.tagline'];
    if (title && tagline) texts[file.slice(0, -'.json'.length)] = { title, tagline };
  }
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __SHELL_TEXTS__: JSON.stringify(texts satisfies ShellTexts as ShellTexts) },
    build: {
      write: false,
      minify: true,
      target: 'es2019',
      lib: {
        entry: fileURLToPath(new URL('./src/shell/inline.ts', import.meta.url)),
        formats: ['iife'],
        name: 'freeShell',
      },
    },
  });
  const result = (Array.isArray(out) ? out[0] : out) as { output: { code?: string }[] };
  const code = (result.output[0]?.code ?? '').trim();
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

/**
 * Puts the shell script right after the shell's markup, so it runs before the first paint, and
 * writes the build's Content-Security-Policy (its API and RPC origins, the script's hash) to
 * dist/csp-header.txt for the web server (docs/operations.md).
 */
const shellPlugin = (shell: { code: string; hash: string }): Plugin => ({
  name: 'free-shell-script',
  transformIndexHtml: () => [{ tag: 'script', children: shell.code, injectTo: 'body' }],
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'csp-header.txt',
      source: `${contentSecurityPolicy({ apiUrl, rpcUrl, inlineScripts: [shell.hash] })}\n`,
    });
  },
});

const DEV_HOST = '127.0.0.1';
const DEV_PORT = 5173;
// a fresh nonce per dev-server start for vite's inline React-refresh preamble (dev only)
const devNonce = randomBytes(16).toString('base64');

export default defineConfig(async ({ command, isPreview }) => {
  // vitest needs no index.html
  const shell = process.env.VITEST ? { code: '', hash: '' } : await shellScript();
  const inlineScripts = shell.hash ? [shell.hash] : [];
  return {
    plugins: [react(), shellPlugin(shell)],
    ...(command === 'serve' && !isPreview ? { html: { cspNonce: devNonce } } : {}),
    define: {
      __FREE_CLIENT_SECRET__: JSON.stringify(secret),
      __FREE_API_URL__: JSON.stringify(apiUrl),
      __FREE_RPC_URL__: JSON.stringify(rpcUrl),
      __FREE_WC_PROJECT_ID__: JSON.stringify(process.env.VITE_REOWN_PROJECT_ID ?? ''),
    },
    // antd-mobile and react-router sit in the root node_modules next to an older React; one copy only.
    resolve: {
      dedupe: ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next'],
      alias: [
        { find: /^react-dom$/, replacement: `${webModules}/react-dom/index.js` },
        { find: /^react-dom\/client$/, replacement: `${webModules}/react-dom/client.js` },
        { find: /^react$/, replacement: `${webModules}/react/index.js` },
        { find: /^react\/jsx-runtime$/, replacement: `${webModules}/react/jsx-runtime.js` },
        { find: /^react\/jsx-dev-runtime$/, replacement: `${webModules}/react/jsx-dev-runtime.js` },
      ],
    },
    server: {
      host: DEV_HOST,
      port: DEV_PORT,
      strictPort: true,
      headers: webSecurityHeaders({
        apiUrl,
        rpcUrl,
        inlineScripts,
        dev: { nonce: devNonce, hmrOrigin: `ws://${DEV_HOST}:${DEV_PORT}` },
      }),
    },
    preview: {
      host: DEV_HOST,
      port: DEV_PORT,
      strictPort: true,
      headers: webSecurityHeaders({ apiUrl, rpcUrl, inlineScripts }),
    },
    build: {
      target: 'es2022',
      manifest: true,
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Only the matched packages go in a group: their shared helpers (e.g. @noble/hashes, which
            // request signing also uses) must not drag a whole group into the first paint.
            includeDependenciesRecursively: false,
            groups: [
              // The wallet stack: only reached through dynamic imports, never in the first paint.
              { name: 'appkit', test: /node_modules[\\/](@reown|@walletconnect|lit|@lit)/, priority: 30 },
              { name: 'wagmi', test: /node_modules[\\/](wagmi|@wagmi)[\\/]/, priority: 20 },
            ],
          },
        },
      },
    },
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      // Processed by Vite so `resolve.dedupe` gives them web's React 19, not the root's React 18.
      server: {
        deps: { inline: [/react-i18next/, /antd-mobile/, /@tanstack/, /react-router/, /lucide-react/] },
      },
      // Pre-bundled with the aliases above: react-router's node entry would otherwise bind the root's
      // React 18 (hooks fail with a null dispatcher).
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: ['react-i18next', 'antd-mobile', 'react-router', 'react', 'react-dom', 'lucide-react'],
          },
          ssr: {
            enabled: true,
            include: ['react-i18next', 'antd-mobile', 'react-router', 'react', 'react-dom', 'lucide-react'],
          },
        },
      },
    },
  };
});
