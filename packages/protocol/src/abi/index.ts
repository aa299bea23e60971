// Typed contract ABIs, generated from the forge build by contracts/scripts/gen-abi.mjs. Do not edit.
export { fccTokenAbi } from './generated/fccToken.ts';
export { freeTokenAbi } from './generated/freeToken.ts';
export { liabilitiesAbi } from './generated/liabilities.ts';
export { paymentAbi } from './generated/payment.ts';
export { stakingAbi } from './generated/staking.ts';
export { testUsdtAbi } from './generated/testUsdt.ts';
export { uniswapV2FactoryAbi } from './generated/uniswapV2Factory.ts';
export { uniswapV2PairAbi } from './generated/uniswapV2Pair.ts';
export { uniswapV2Router02Abi } from './generated/uniswapV2Router02.ts';
