// Vite build, dev/preview server and vitest for the web app.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { webSecurityHeaders } from './src/csp.ts';

const webModules = fileURLToPath(new URL('./node_modules', import.meta.url));
const secret = process.env.FREE_CLIENT_SECRET ?? 'free-local-dev-secret';
const apiUrl = process.env.VITE_API_URL ?? 'http://127.0.0.1:8787';
const rpcUrl = process.env.VITE_RPC_URL ?? 'http://127.0.0.1:8545';

const DEV_HOST = '127.0.0.1';
const DEV_PORT = 5173;
// a fresh nonce per dev-server start for vite's inline React-refresh preamble (dev only)
const devNonce = randomBytes(16).toString('base64');

export default defineConfig(({ command, isPreview }) => ({
  plugins: [react()],
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
      dev: { nonce: devNonce, hmrOrigin: `ws://${DEV_HOST}:${DEV_PORT}` },
    }),
  },
  preview: {
    host: DEV_HOST,
    port: DEV_PORT,
    strictPort: true,
    headers: webSecurityHeaders({ apiUrl, rpcUrl }),
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
}));
