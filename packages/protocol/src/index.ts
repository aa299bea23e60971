// @free/protocol: what web and server share. The endpoint schemas are imported by path (`@free/protocol/api/index`).

export * from './abi/index.ts';
export * from './address.ts';
export * from './amount.ts';
export * from './assets.ts';
export * from './constants.ts';
export * from './content.ts';
export * from './countdown.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './market.ts';
export * from './signing.ts';
export * from './typed-data.ts';
