// Every table of the server, one file per domain.
export * from './activity.ts';
export * from './chain.ts';
export * from './content.ts';
export * from './ledger.ts';
export * from './product-modules.ts';
export * from './product-money.ts';
export * from './team.ts';
export * from './users.ts';
export * from './wallet.ts';
