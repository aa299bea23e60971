// Vitest: build-time constants that vite `define` gives the app.
const g = globalThis as Record<string, unknown>;
g.__FREE_CLIENT_SECRET__ = 'free-local-dev-secret';
g.__FREE_API_URL__ = 'http://127.0.0.1:8787';
g.__FREE_RPC_URL__ = 'http://127.0.0.1:8545';
g.__FREE_WC_PROJECT_ID__ = '';
