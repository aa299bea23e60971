// Vite build, dev/preview server and vitest for the web app.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// relative: vite bundles it into the config (the package name resolves to .ts that node cannot load)
import { PLATFORM } from '../packages/protocol/src/constants.ts';
import { buildEnv } from './src/build-env.ts';
import { contentSecurityPolicy, webSecurityHeaders } from './src/csp.ts';
import { SHELL_KEYS } from './src/shell/keys.ts';
import type { ShellTexts } from './src/shell/paint.ts';

const webModules = fileURLToPath(new URL('./node_modules', import.meta.url));
const { secret, apiUrl, rpcUrl } = buildEnv(process.env);

/** An inline script of index.html and its CSP hash. */
type Inline = { code: string; hash: string };
const inline = (code: string): Inline => ({
  code,
  hash: `sha256-${createHash('sha256').update(code).digest('base64')}`,
});

/**
 * index.html's inline shell scripts (src/shell/inline.ts): its code built once per start into a
 * small IIFE with the shell's texts of every language taken from the catalogues, for the top of the
 * head, and the call that paints the shell, for after its markup.
 */
async function shellScripts(): Promise<{ head: Inline; body: Inline }> {
  const texts: Record<string, Record<string, string>> = {};
  const locales = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));
  // one catalogue per language of protocol's list (src/i18n/locales.test.ts checks)
  for (const file of readdirSync(locales).filter((f) => f.endsWith('.json'))) {
    const catalogue = JSON.parse(readFileSync(`${locales}${file}`, 'utf8')) as Record<string, string>;
    texts[file.slice(0, -'.json'.length)] = Object.fromEntries(
      SHELL_KEYS.flatMap((key) => (catalogue[key] ? [[key, catalogue[key]]] : [])),
    );
  }
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    define: {
      __SHELL_TEXTS__: JSON.stringify(texts as ShellTexts),
      __FREE_API_URL__: JSON.stringify(apiUrl),
      __FREE_PLATFORM__: JSON.stringify(PLATFORM),
    },
    build: {
      write: false,
      minify: true,
      // es2020: protocol's amount formatting (src/shell/paint.ts) works in bigint, as the app's does
      target: 'es2020',
      lib: {
        entry: fileURLToPath(new URL('./src/shell/inline.ts', import.meta.url)),
        formats: ['iife'],
        name: 'freeShell',
      },
    },
  });
  const result = (Array.isArray(out) ? out[0] : out) as { output: { code?: string }[] };
  const code = (result.output[0]?.code ?? '').trim();
  return { head: inline(code), body: inline('freeShell.paint()') };
}

/**
 * Puts the shell's code first in the head, before any stylesheet (a script after one waits for it to
 * load), so that its early API reads start as soon as the page arrives, and its paint right after the
 * shell's markup, so it runs before the first paint; writes the build's Content-Security-Policy (its
 * API and RPC origins, the scripts' hashes) to dist/csp-header.txt for the web server
 * (docs/operations.md).
 */
const shellPlugin = (shell: { head: Inline; body: Inline }): Plugin => ({
  name: 'free-shell-script',
  transformIndexHtml: (html) => {
    const marker = "<!-- the shell's head script -->";
    if (!html.includes(marker)) throw new Error(`free-shell-script: no "${marker}" in index.html`);
    return {
      html: html.replace(
        marker,
        // the early API reads (src/api/early.ts) find the connection open; CORS, no credentials
        `<link rel="preconnect" href="${new URL(apiUrl).origin}" crossorigin />\n    <script>${shell.head.code}</script>`,
      ),
      tags: [{ tag: 'script', children: shell.body.code, injectTo: 'body' }],
    };
  },
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'csp-header.txt',
      source: `${contentSecurityPolicy({ apiUrl, rpcUrl, inlineScripts: [shell.head.hash, shell.body.hash] })}\n`,
    });
  },
});

/**
 * The app's start (src/boot.tsx, imported by the entry once the shell has painted) and every chunk
 * it imports statically, announced in index.html as module preloads: the browser fetches them while
 * it parses the page, in parallel, instead of one import after another once the entry has run.
 * They are only fetched here, not run: running still waits for the shell's paint.
 */
const preloadBootPlugin = (): Plugin => ({
  name: 'free-preload-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/boot.tsx'));
      if (!boot) throw new Error('free-preload-boot: no chunk for src/boot.tsx');
      const entry = chunks.find((c) => c.isEntry);
      // already preloaded by vite for the entry
      const skip = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const files: string[] = [];
      const walk = (fileName: string) => {
        if (skip.has(fileName) || files.includes(fileName)) return;
        files.push(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const i of chunk.imports) walk(i);
      };
      walk(boot.fileName);
      // each language's catalogue chunk, for the shell script to preload the reader's one (a data
      // block, never run: the CSP's script-src does not apply to it)
      const catalogues: Record<string, string> = {};
      for (const c of chunks) {
        const lang = /\/src\/i18n\/locales\/([^/]+)\.json$/.exec(c.facadeModuleId ?? '')?.[1];
        if (lang) catalogues[lang] = `/${c.fileName}`;
      }
      const data = {
        tag: 'script',
        attrs: { type: 'application/json', id: 'free-catalogues' },
        children: JSON.stringify(catalogues),
        injectTo: 'head' as const,
      };
      return [
        data,
        ...files.map((f) => ({
          tag: 'link',
          // low: after the render-blocking CSS the shell paints with, not competing with it
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${f}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
});

/**
 * The modules src/boot.tsx reaches by static imports (the code of the first render), from the
 * module graph at chunking time: they go into one chunk instead of the dozens of small shared chunks
 * automatic splitting makes of them (each one more request on a phone's 150 ms round trips).
 */
const BOOT = fileURLToPath(new URL('./src/boot.tsx', import.meta.url));
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
function bootGraph(ctx: ChunkingContext) {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(BOOT);
  return seen;
}
let bootModules: Set<string> | undefined;

/**
 * The installable app (src/app/pwa.ts registers it): the web app manifest and a Workbox service
 * worker at the site's root. Precached: index.html (the shell), the hashed scripts and styles, the
 * icons and the demo images — not the wallet stack (AppKit, wagmi: megabytes a visitor may never
 * need; cached the first time they load). Navigations are answered with the precached shell, so
 * the app opens without a network. API answers are never cached: the API is another origin, and
 * /api/ on this one is kept out of the navigation fallback. A new version waits until the user
 * reloads (registerType 'prompt': Workbox's SKIP_WAITING message).
 */
const pwaPlugin = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'FREE',
      short_name: 'FREE',
      description: 'FREE and FCC: stake, burn and grow together with the FREE ecosystem.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // the light scheme's; the page's theme-color follows the chosen scheme (src/shell/, src/theme/)
      theme_color: '#fff7f0',
      background_color: '#f6f4f1',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/appkit-*.js', '**/wagmi-*.js'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // hashed names never change content: the wallet stack once loaded, and any chunk left out
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'free-assets', expiration: { maxEntries: 80 } },
        },
      ],
    },
  });

const DEV_HOST = '127.0.0.1';
const DEV_PORT = 5173;
// a fresh nonce per dev-server start for vite's inline React-refresh preamble (dev only)
const devNonce = randomBytes(16).toString('base64');

const TEST_FILES = readdirSync(fileURLToPath(new URL('./src', import.meta.url)), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f}`);
/**
 * What makes a unit test file load the app's modules afresh: it replaces one of them (`vi.mock`),
 * and the replacement must not reach another file. Every other file shares its worker's modules and
 * page (`isolate: false`), so React, antd-mobile and the pages are loaded once per worker instead of
 * once per file: the web units' CPU went from about 72 s to 15 s (docs/benchmarks.md, the test suite).
 */
const REPLACES_A_MODULE = /vi\.(mock|doMock)\(/;
const OWN_MODULES = TEST_FILES.filter((f) =>
  REPLACES_A_MODULE.test(readFileSync(fileURLToPath(new URL(`./${f}`, import.meta.url)), 'utf8')),
);

export default defineConfig(async ({ command, isPreview }) => {
  // vitest needs no index.html
  const shell = process.env.VITEST ? null : await shellScripts();
  const inlineScripts = shell ? [shell.head.hash, shell.body.hash] : [];
  return {
    plugins: [
      react(),
      ...(shell ? [shellPlugin(shell)] : []),
      preloadBootPlugin(),
      ...(process.env.VITEST ? [] : [pwaPlugin()]),
    ],
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
              {
                debugName: 'boot',
                name: (id: string, ctx: ChunkingContext) => {
                  bootModules ??= bootGraph(ctx);
                  // Not zod: reached (protocol's envelope schema) but tree-shaken away, a group would keep
                  // it. Not vite's preload helper: the entry imports it, and would then wait for this chunk.
                  const skip = /node_modules[\\/]zod[\\/]|preload-helper/.test(id);
                  return bootModules.has(id) && !skip ? 'boot' : null;
                },
                priority: 10,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'happy-dom',
      // a bound for a hung test, not a speed requirement: with both cores busy a page's lazy modules
      // alone can take longer than vitest's 5 s default
      testTimeout: 60_000,
      hookTimeout: 60_000,
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
      projects: [
        { extends: true as const, test: { name: 'own-modules', include: OWN_MODULES } },
        {
          extends: true as const,
          test: { name: 'shared', include: TEST_FILES, exclude: OWN_MODULES, isolate: false },
        },
      ],
    },
  };
});
