// Zod schemas of every endpoint (request + response `data`), shared by server and web; one module
// per domain.
export * from './admin.ts';
export * from './airdrop.ts';
export * from './cards.ts';
export * from './common.ts';
export * from './fomo.ts';
export * from './hashrate.ts';
export * from './hlb.ts';
export * from './ignition.ts';
export * from './ledger-kinds.ts';
export * from './liabilities.ts';
export * from './machines.ts';
export * from './pool.ts';
export * from './quotes.ts';
export * from './rounds.ts';
export * from './shop.ts';
export * from './staking.ts';
export * from './team.ts';
export * from './user.ts';
export * from './wallet.ts';
