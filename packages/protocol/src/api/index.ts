// Zod schemas of every endpoint (request + response `data`), shared by server and web.
export * from './common.ts';
export * from './ledger-kinds.ts';
export * from './product-modules.ts';
export * from './product-money.ts';
export * from './team.ts';
export * from './user.ts';
export * from './wallet.ts';
