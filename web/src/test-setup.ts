import { vi } from 'vitest';

// Vitest: build-time constants that vite `define` gives the app.
const g = globalThis as Record<string, unknown>;
g.__FREE_CLIENT_SECRET__ = 'free-local-dev-secret';
g.__FREE_API_URL__ = 'http://127.0.0.1:8787';
g.__FREE_RPC_URL__ = 'http://127.0.0.1:8545';
g.__FREE_WC_PROJECT_ID__ = '';

// antd-mobile's Toast renders into its own root outside the page; unit tests that check a toast mock
// components/toast, and a toast still showing when its test ends must not render into the next one.
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: () => {}, clear: () => {} } }));
