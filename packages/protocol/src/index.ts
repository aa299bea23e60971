// @free/protocol: what web and server share (DESIGN §2). `api/` and `abi/` are imported by path.

export * from './address.ts';
export * from './amount.ts';
export * from './constants.ts';
export * from './countdown.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './market.ts';
export * from './signing.ts';
