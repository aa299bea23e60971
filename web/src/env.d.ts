// Build-time constants injected by vite.config.ts `define`.
declare const __FREE_CLIENT_SECRET__: string;
declare const __FREE_API_URL__: string;
declare const __FREE_RPC_URL__: string;
declare const __FREE_WC_PROJECT_ID__: string;
